import { SUPPORT_FIELD_TEXTS, type SupportSubject } from '../../../../contract/support.ts';
import { SUPPORT_LIMITS } from '../../../../contract/limits.ts';

export interface SupportFormValues {
  name: string;
  email: string;
  /** Empty until a category is chosen. */
  subject: SupportSubject | '';
  title: string;
  description: string;
}

export const DESCRIPTION_HINT = `Minimum ${SUPPORT_LIMITS.descriptionMin} characters required`;

/** What the description says under it: the rule as a hint, or the rule broken once something has been typed. */
export function descriptionFeedback(description: string): { error: string | null; hint: string } {
  const tooShort = description.length > 0 && description.trim().length < SUPPORT_LIMITS.descriptionMin;
  return { error: tooShort ? SUPPORT_FIELD_TEXTS.descriptionTooShort : null, hint: DESCRIPTION_HINT };
}

/** "N/2000": counted as typed; the server, not the box, refuses a longer text. */
export function descriptionCounter(description: string): { text: string; over: boolean } {
  return { text: `${description.length}/${SUPPORT_LIMITS.description}`, over: description.length > SUPPORT_LIMITS.description };
}

/** Whether Submit may be pressed: nothing required left blank, a long enough description, nothing in flight. */
export function canSubmit(values: SupportFormValues, submitting: boolean): boolean {
  if (submitting) return false;
  const filled = [values.name, values.email, values.subject, values.title].every((value) => value.trim() !== '');
  return filled && values.description.trim().length >= SUPPORT_LIMITS.descriptionMin;
}

/** The form after a success, or on first paint: the signed-in person's name and address, the rest blank. */
export function blankForm(person: { name: string; email: string } | null): SupportFormValues {
  return { name: person?.name ?? '', email: person?.email ?? '', subject: '', title: '', description: '' };
}

/** What is sent: the text fields without the blanks around them, the description as written inside. */
export function requestBody(values: SupportFormValues & { subject: SupportSubject }) {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    subject: values.subject,
    title: values.title.trim(),
    description: values.description.trim(),
  };
}
