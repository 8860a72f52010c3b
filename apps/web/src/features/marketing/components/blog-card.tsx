import type { BlogPost } from '@/features/marketing/lib/blog-posts';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

export function BlogCard({ post }: { post: BlogPost }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-card border border-line bg-card shadow-sm">
      <img src={post.image} alt={post.imageAlt} width={640} height={360} className="aspect-video w-full object-cover" />
      <div className="flex flex-1 flex-col p-6">
        <p className="w-fit rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold text-accent-strong">
          {post.category}
        </p>
        <h2 className="mt-4 text-lg font-semibold text-ink text-pretty">{post.title}</h2>
        <p className="mt-1 text-sm text-muted">
          <time dateTime={post.date}>{dateFormat.format(new Date(`${post.date}T00:00:00Z`))}</time>
          <span aria-hidden> · </span>
          <span>{post.author}</span>
        </p>
        <p className="mt-4 text-sm leading-relaxed text-muted">{post.excerpt}</p>
      </div>
    </article>
  );
}
