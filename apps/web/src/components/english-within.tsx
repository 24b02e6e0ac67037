// A catalog sentence with English kept in it (a reward's name, decision 037): each place the English words stand
// is marked lang="en", so a screen reader reads them with an English voice and the pseudo-locale journey leaves
// them out (decision 050).
import { Fragment } from 'react';

export function EnglishWithin({ text, english }: { text: string; english: string }) {
  const parts = english ? text.split(english) : [text];
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <span lang="en">{english}</span>}
      {part}
    </Fragment>
  ));
}
