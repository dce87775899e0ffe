import type { ReactNode } from 'react';

/** A plain page section below the fixed header: a title, an optional lead, then the content. */
export function PageShell({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <section className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-2 max-w-2xl text-slate-600">{lead}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
