import { Logo } from '@/components/ui/logo';

export default function AdminPanelPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-surface px-4">
      <section className="w-full max-w-sm rounded-card border border-line bg-card p-8 shadow-sm">
        <Logo />
        <h1 className="mt-6 text-2xl font-bold">Admin Panel</h1>
        <p className="mt-2 text-sm text-muted">Balance administration for Sayso staff.</p>
      </section>
    </main>
  );
}
