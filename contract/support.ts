import * as Type from 'typebox/type';
import { fieldMessages } from './field-messages.ts';
import { SUPPORT_LIMITS } from './limits.ts';

/** `POST /api/support`: a question or problem sent to the people behind Quorum, from the Help & Support page. */

/**
 * The categories a request can be filed under, each its own id and label; the page offers exactly
 * these, the server accepts only these.
 */
export const SUPPORT_SUBJECTS = ['General Inquiry', 'Technical Issue', 'Billing Question', 'Account Problem', 'Feature Request', 'Bug Report'] as const;
export type SupportSubject = (typeof SUPPORT_SUBJECTS)[number];

/** The wording of each field's refusal, shared with the page so both say the same thing. */
export const SUPPORT_FIELD_TEXTS = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Please choose a category',
  titleRequired: 'Title is required',
  descriptionTooShort: `Description must be at least ${SUPPORT_LIMITS.descriptionMin} characters long`,
} as const;

/** Something other than blanks. */
const NOT_BLANK = '\\S';
/** At least `minimum` characters once leading and trailing blanks are ignored. */
const atLeastTrimmed = (minimum: number) => `^\\s*\\S[\\s\\S]{${minimum - 2},}\\S\\s*$`;

export const SupportRequestBody = Type.Object(
  {
    email: Type.String({
      minLength: 1,
      maxLength: SUPPORT_LIMITS.email,
      // `format`, not `pattern`: a pattern failure is reported with the "required" wording.
      format: 'email',
      description: 'Where the answer should go.',
      ...fieldMessages({ required: SUPPORT_FIELD_TEXTS.emailRequired, tooLong: SUPPORT_FIELD_TEXTS.emailInvalid, invalid: SUPPORT_FIELD_TEXTS.emailInvalid }),
    }),
    name: Type.String({
      minLength: 1,
      maxLength: SUPPORT_LIMITS.name,
      pattern: NOT_BLANK,
      ...fieldMessages({ required: SUPPORT_FIELD_TEXTS.nameRequired, tooLong: `Name must be at most ${SUPPORT_LIMITS.name} characters` }),
    }),
    subject: Type.Enum([...SUPPORT_SUBJECTS], {
      description: 'The category.',
      ...fieldMessages({ required: SUPPORT_FIELD_TEXTS.subjectRequired, invalid: SUPPORT_FIELD_TEXTS.subjectRequired }),
    }),
    title: Type.String({
      minLength: 1,
      maxLength: SUPPORT_LIMITS.title,
      pattern: NOT_BLANK,
      ...fieldMessages({ required: SUPPORT_FIELD_TEXTS.titleRequired, tooLong: `Title must be at most ${SUPPORT_LIMITS.title} characters` }),
    }),
    description: Type.String({
      minLength: SUPPORT_LIMITS.descriptionMin,
      maxLength: SUPPORT_LIMITS.description,
      pattern: atLeastTrimmed(SUPPORT_LIMITS.descriptionMin),
      description: `What happened or what you would like to know, ${SUPPORT_LIMITS.descriptionMin} to ${SUPPORT_LIMITS.description} characters.`,
      ...fieldMessages({
        required: SUPPORT_FIELD_TEXTS.descriptionTooShort,
        tooLong: `Description must be at most ${SUPPORT_LIMITS.description} characters long`,
      }),
    }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        subject: 'Billing Question',
        title: 'Credits not added',
        description: 'I bought a pack an hour ago and my balance has not changed.',
      },
    ],
  },
);
export type SupportRequestBody = Type.Static<typeof SupportRequestBody>;

export const SupportAnswer = Type.Object({ message: Type.String() }, { additionalProperties: false });
export type SupportAnswer = Type.Static<typeof SupportAnswer>;
