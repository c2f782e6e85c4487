import { Alert, Button, Group, InputBase, Loader, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SUPPORT_SUBJECTS, type SupportSubject } from '../../../../contract/support.ts';
import { SUPPORT_LIMITS } from '../../../../contract/limits.ts';
import { messageOf } from '../../api/http-client.ts';
import { submitSupportRequest } from '../../api/support-api.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import classes from './help-support.module.css';
import { blankForm, canSubmit, descriptionCounter, descriptionFeedback, requestBody, type SupportFormValues } from './support-form-rules.ts';

export const SUPPORT_FAILURE_TEXT = 'Failed to submit support request. Please try again.';
/** Spec: the banner shows the server's message, or this when the answer carries none. */
export const SUPPORT_SENT_TEXT = 'Support request submitted successfully! We will get back to you soon.';

type Outcome = { kind: 'sent'; message: string } | { kind: 'failed'; message: string } | null;

/** The contact form: a signed-in person's name and address are filled in for them. */
export function SupportForm() {
  const { user } = useAuth();
  const person = user ? { name: user.name, email: user.email } : null;
  const [values, setValues] = useState<SupportFormValues>(() => blankForm(person));
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  // The outcome is said at the top of the form, which on a phone is a screen or more above Submit: bring it into
  // view and give it the focus (Submit, now disabled on the emptied form, would drop it anyway).
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const shown = outcomeRef.current;
    if (!outcome || !shown) return;
    const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    shown.scrollIntoView({ block: 'center', behavior: calm ? 'auto' : 'smooth' });
    shown.focus({ preventScroll: true });
  }, [outcome]);

  // Someone who signs in with the page open gets their details filled in, without overwriting what they typed.
  useEffect(() => {
    if (!user) return;
    setValues((current) => ({ ...current, name: current.name || user.name, email: current.email || user.email }));
  }, [user]);

  const change = (field: keyof SupportFormValues) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setOutcome(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit(values, submitting) || values.subject === '') return;
    setSubmitting(true);
    setOutcome(null);
    try {
      const answer = await submitSupportRequest(requestBody({ ...values, subject: values.subject }));
      setValues(blankForm(person));
      setOutcome({ kind: 'sent', message: answer?.message?.trim() || SUPPORT_SENT_TEXT });
    } catch (error) {
      setOutcome({ kind: 'failed', message: messageOf(error, SUPPORT_FAILURE_TEXT) });
    } finally {
      setSubmitting(false);
    }
  }

  const feedback = descriptionFeedback(values.description);
  const counter = descriptionCounter(values.description);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="support-form-heading">
      <form onSubmit={submit} noValidate data-testid="support-form" className={classes.form}>
        <Stack gap="md">
          <Text component="h2" id="support-form-heading" fw={600} size="lg">
            Send us a message
          </Text>
          {outcome?.kind === 'sent' && (
            <Alert
              color="green"
              variant="light"
              title="Request Submitted!"
              classNames={{ root: classes.success, title: classes.successTitle }}
              data-testid="support-success"
              role="status"
              ref={outcomeRef}
              tabIndex={-1}
            >
              {outcome.message}
            </Alert>
          )}
          {outcome?.kind === 'failed' && (
            <Alert color="red" variant="light" data-testid="support-failure" role="alert" ref={outcomeRef} tabIndex={-1}>
              {outcome.message}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="Name"
              required
              autoComplete="name"
              maxLength={SUPPORT_LIMITS.name}
              value={values.name}
              onChange={change('name')}
              data-testid="support-name"
            />
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="email"
              value={values.email}
              onChange={change('email')}
              data-testid="support-email"
            />
          </SimpleGrid>
          <NativeSelect
            label="Category"
            required
            value={values.subject}
            onChange={change('subject')}
            data={[{ value: '', label: 'Choose a category', disabled: true }, ...SUPPORT_SUBJECTS.map((subject: SupportSubject) => ({ value: subject, label: subject }))]}
            data-testid="support-subject"
          />
          <TextInput
            label="Title"
            required
            maxLength={SUPPORT_LIMITS.title}
            placeholder="A short summary"
            value={values.title}
            onChange={change('title')}
            data-testid="support-title"
          />
          <Stack gap={4}>
            <InputBase
              // Mantine's Textarea is on the home page's first paint; sharing it would move it, and the input code it
              // pulls in, out into a chunk of their own (a bigger first paint). The same field, built from InputBase.
              component="textarea"
              multiline
              rows={6}
              styles={{ input: { resize: 'vertical', paddingBlock: 'var(--mantine-spacing-xs)' } }}
              label="Description"
              required
              placeholder="What happened, or what would you like to know?"
              value={values.description}
              onChange={change('description')}
              error={feedback.error}
              description={feedback.error ? undefined : feedback.hint}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data-testid="support-description"
            />
            <Text size="xs" c={counter.over ? 'red' : 'dimmed'} ta="right" data-testid="support-counter" aria-live="polite">
              {counter.text}
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button
              type="submit"
              disabled={!canSubmit(values, submitting)}
              // Mantine's `loading` hides the label; the words matter here, so the spinner sits beside them.
              leftSection={submitting ? <Loader size={14} color="currentColor" aria-hidden /> : null}
              data-testid="support-submit"
            >
              {submitting ? 'Submitting...' : 'Submit'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
