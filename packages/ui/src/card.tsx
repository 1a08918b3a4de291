import { useId } from 'react';
import type { ReactNode } from 'react';
import { classNames } from './class-names.ts';

export interface CardProps {
  title?: ReactNode;
  /** Heading level of the title, to keep the page outline right (h2 under a page h1). */
  headingLevel?: 2 | 3 | 4;
  /** Buttons shown beside the title. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A surface that groups related content; a titled card is a labelled section. */
export function Card({ title, headingLevel = 2, actions, children, className }: CardProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      className={classNames('ui-card', className)}
      aria-labelledby={title ? titleId : undefined}
    >
      {title || actions ? (
        <div className="ui-card__header">
          {title ? (
            <Heading id={titleId} className="ui-card__title">
              {title}
            </Heading>
          ) : null}
          {actions ? <div className="ui-card__actions">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}
