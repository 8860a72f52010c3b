import { SectionHeading } from '@/components/ui/section-heading';
import { BlogCard } from '@/features/marketing/components/blog-card';
import { NewsletterForm } from '@/features/marketing/components/newsletter-form';
import { BLOG_POSTS } from '@/features/marketing/lib/blog-posts';
import { usePageTitle } from '@/lib/page-title';

export default function BlogsPage() {
  usePageTitle('Blog');
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <SectionHeading
        as="h1"
        eyebrow="Blog"
        title="Sayso Blog"
        description="Guides, tips and ideas for getting natural, trustworthy speech out of text-to-speech and voice cloning."
      />
      <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {BLOG_POSTS.map((post) => (
          <BlogCard key={post.id} post={post} />
        ))}
      </div>
      <div className="mt-16">
        <NewsletterForm />
      </div>
    </div>
  );
}
