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
 * §9): a correct choice shows 'correct', a selected wrong one 'incorrect', any other nothing. Without them (a
 * wrong answer with tries left) no choice is judged: one right choice of a "pick both" answer must not read as
 * wrong (issue 27 part 4), and the screen says only that the answer as a whole was not right.
 */
export function choiceVerdict(
  letter: McqLetter,
  selected: readonly McqLetter[],
  graded: { correct: boolean; correctChoices?: readonly string[] | undefined },
): 'correct' | 'incorrect' | null {
  if (!graded.correctChoices) return graded.correct && selected.includes(letter) ? 'correct' : null;
  const correct = graded.correctChoices.map((l) => l.toLowerCase());
  if (correct.includes(letter)) return 'correct';
  return selected.includes(letter) ? 'incorrect' : null;
}
