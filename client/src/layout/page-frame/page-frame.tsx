import type { ReactNode } from 'react';
import classes from './page-frame.module.css';

interface PageFrameProps {
  header: ReactNode;
  /** The signed-in sidebar; `opened` matters below the md breakpoint only, where it is a drawer. */
  navbar?: { opened: boolean; inert: boolean; content: ReactNode };
  children: ReactNode;
}

/**
 * The frame every page sits in: a fixed header, the optional sidebar, and the main area padded clear of both. Plain
 * elements and one stylesheet: the first paint needs only these boxes, not a layout engine.
 */
export function PageFrame({ header, navbar, children }: PageFrameProps) {
  return (
    <div className={classes.frame}>
      {/* `right-scroll-bar-position`: a dialog that locks the page's scrolling shifts this fixed bar by the width of
          the scrollbar it hides, so the bar does not jump (the scroll lock looks for this class). */}
      <header className={`${classes.header} right-scroll-bar-position`}>{header}</header>
      {navbar && (
        <nav className={classes.navbar} data-opened={navbar.opened || undefined} aria-label="Sidebar" inert={navbar.inert}>
          {navbar.content}
        </nav>
      )}
      <main className={classes.main} data-with-navbar={navbar ? true : undefined}>
        {children}
      </main>
    </div>
  );
}
