import { Link } from 'react-router';
import type { BlogPost } from '@/features/marketing/lib/blog-posts';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** An article's date as the blog shows it ("September 18, 2025"), from its ISO date. */
export const formatArticleDate = (isoDate: string) => dateFormat.format(new Date(`${isoDate}T00:00:00Z`));

/** A card on /blogs; its title links to the article, and the whole card is the link's target area. */
export function BlogCard({ post }: { post: BlogPost }) {
  return (
    <article className="relative flex flex-col overflow-hidden rounded-card border border-line bg-card shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-accent hover:shadow-md">
      <img src={post.image} alt={post.imageAlt} width={640} height={360} className="aspect-video w-full object-cover" />
      <div className="flex flex-1 flex-col p-6">
        <p className="w-fit rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold text-accent-strong">
          {post.category}
        </p>
        <h2 className="mt-4 text-lg font-semibold text-ink text-pretty">
          {/* The link's box is stretched over the card, so a click anywhere on it opens the article. */}
          <Link
            to={`/blogs/${post.id}`}
            className="after:absolute after:inset-0 after:content-[''] hover:text-accent focus:outline-none"
          >
            {post.title}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-muted">
          <time dateTime={post.date}>{formatArticleDate(post.date)}</time>
          <span aria-hidden> · </span>
          <span>{post.author}</span>
        </p>
        <p className="mt-4 text-sm leading-relaxed text-muted">{post.excerpt}</p>
        <p aria-hidden className="mt-4 text-sm font-semibold text-accent">
          Read the article →
        </p>
      </div>
    </article>
  );
}
