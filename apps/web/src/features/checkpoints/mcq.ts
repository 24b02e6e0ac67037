// Pure MCQ rules (docs/product.md §6): up to four choices from the underscore-separated mcqChoices, lettered A-D.
// The server grades; these only shape what the buttons show.

export const MCQ_LETTERS = ['a', 'b', 'c', 'd'] as const;
export type McqLetter = (typeof MCQ_LETTERS)[number];

export interface McqChoice {
  letter: McqLetter;
  text: string;
}

export function parseMcqChoices(mcqChoices: string | null | undefined): McqChoice[] {
  if (!mcqChoices) return [];
  return mcqChoices
    .split('_')
    .map((text) => text.trim())
    .filter(Boolean)
    .slice(0, MCQ_LETTERS.length)
    .map((text, i) => ({ letter: MCQ_LETTERS[i]!, text }));
}

/** Toggles one letter in the selection, keeping letters in A-D order. */
export function toggleChoice(selected: readonly McqLetter[], letter: McqLetter): McqLetter[] {
  const next = selected.includes(letter) ? selected.filter((l) => l !== letter) : [...selected, letter];
  return MCQ_LETTERS.filter((l) => next.includes(l));
}

/**
 * After grading. With the correct letters (sent after a correct answer or the last attempt, docs/product.md
 * §9): a correct choice shows 'Correct', a selected wrong one 'Incorrect', any other nothing. Without them (a
 * wrong answer with tries left): the selected choices show the answer's outcome, the others nothing.
 */
export function choiceVerdict(
  letter: McqLetter,
  selected: readonly McqLetter[],
  graded: { correct: boolean; correctChoices?: readonly string[] | undefined },
): 'Correct' | 'Incorrect' | null {
  if (!graded.correctChoices) {
    if (!selected.includes(letter)) return null;
    return graded.correct ? 'Correct' : 'Incorrect';
  }
  const correct = graded.correctChoices.map((l) => l.toLowerCase());
  if (correct.includes(letter)) return 'Correct';
  return selected.includes(letter) ? 'Incorrect' : null;
}
