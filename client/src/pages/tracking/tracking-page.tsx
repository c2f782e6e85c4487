import { Alert, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { TrackingSet } from '../../../../contract/tracking.ts';
import { messageOf } from '../../api/http-client.ts';
import { deleteTrackingSet, trackingQueryKeys, trackingSetsQuery, updateTrackingSet } from '../../api/tracking-api.ts';
import { usePurchaseCredits } from '../../app-state/purchase-credits-context.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { EmptyState, ErrorState, LoadingState } from '../brand-mentions/query-status.tsx';
import { TrackingSetCard } from './tracking-set-card.tsx';
import { TrackingSetForm } from './tracking-set-form.tsx';
import { SignedInOnly } from '../../components/signed-in-only/signed-in-only.tsx';

// The charts bring recharts along: they load when a set's dashboard is first opened.
const TrackingDashboard = lazy(() => import('./tracking-dashboard.tsx').then((module) => ({ default: module.TrackingDashboard })));

/** While a set has a run in flight, the list is asked again this often so its numbers appear when it ends. */
const REFRESH_WHILE_RUNNING_MS = 3_000;

/** GEO tracking: the signed-in person's prompt sets, re-asked on a schedule, and the dashboard of one of them. */
export function TrackingPage() {
  usePageTitle('Tracking');
  return (
    <SignedInOnly reason="Sign in to track how visible your brand is in AI answers over time." testId="tracking-auth-required">
      <SignedInTracking />
    </SignedInOnly>
  );
}

function SignedInTracking() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const search: { set?: string } = useSearch({ strict: false });
  const { openPurchase } = usePurchaseCredits();
  const [formOpen, setFormOpen] = useState(false);
  // The set the form edits; null while it makes a new one.
  const [editing, setEditing] = useState<TrackingSet | null>(null);
  const sets = useQuery({
    ...trackingSetsQuery(),
    refetchInterval: (query) => (query.state.data?.sets.some((set) => set.status === 'active' && (!set.lastRun || set.lastRun.status === 'running')) ? REFRESH_WHILE_RUNNING_MS : false),
  });
  const toggle = useMutation({
    mutationFn: (set: TrackingSet) => updateTrackingSet(set.id, { status: set.status === 'active' ? 'paused' : 'active' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: trackingQueryKeys.all }),
  });
  const [deleting, setDeleting] = useState<TrackingSet | null>(null);
  const remove = useMutation({
    mutationFn: (set: TrackingSet) => deleteTrackingSet(set.id),
    onSuccess: (_, set) => {
      setDeleting(null);
      // Out of the list at once, so its dashboard closes instead of asking for a set that no longer exists.
      queryClient.setQueryData(trackingQueryKeys.sets, (data: { sets: TrackingSet[] } | undefined) =>
        data ? { sets: data.sets.filter((candidate) => candidate.id !== set.id) } : data,
      );
      void navigate({ to: '/tracking', search: {} });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: trackingQueryKeys.sets }),
  });
  const list = sets.data?.sets ?? [];
  const selected = list.find((set) => set.id === search.set) ?? list[0];
  const outOfCredits = list.filter((set) => set.pausedReason === 'insufficient_credits');
  const open = (setId: string) => void navigate({ to: '/tracking', search: { set: setId } });

  return (
    <Stack gap="md" py="md" data-testid="tracking-page">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Tracking
          </Title>
          <Text c="dimmed" size="sm">
            Prompts about your market, re-asked on a schedule: how visible your brand is in AI answers, over time.
          </Text>
        </div>
        <Button
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
          data-testid="tracking-new"
        >
          New prompt set
        </Button>
      </Group>

      {outOfCredits.length > 0 ? (
        <Alert color="red" title="Paused: not enough credits" data-testid="tracking-paused-alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {outOfCredits.map((set) => `"${set.name}"`).join(', ')} could not afford {outOfCredits.length === 1 ? 'its' : 'their'} next run, so{' '}
              {outOfCredits.length === 1 ? 'it was' : 'they were'} paused and nothing was charged. Add credits, then resume.
            </Text>
            <Button size="compact-sm" color="red" variant="light" onClick={() => openPurchase()}>
              Buy Credits
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {toggle.isError ? <Alert color="red">{messageOf(toggle.error, 'Could not change the set.')}</Alert> : null}

      {sets.isPending ? (
        <LoadingState label="Loading your prompt sets…" />
      ) : sets.isError ? (
        <ErrorState message={messageOf(sets.error, 'Could not load your prompt sets.')} onRetry={() => void sets.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          title="No tracked prompts yet"
          hint="Save the questions people ask AI about your market, pick the models, and Quorum asks them daily or weekly and charts how often your brand comes up."
          testId="tracking-empty"
        />
      ) : (
        <>
          <Stack gap="sm">
            {list.map((set) => (
              <TrackingSetCard
                key={set.id}
                set={set}
                selected={set.id === selected?.id}
                busy={toggle.isPending && toggle.variables?.id === set.id}
                onOpen={() => open(set.id)}
                onToggle={() => toggle.mutate(set)}
                onEdit={() => {
                  setEditing(set);
                  setFormOpen(true);
                }}
                onDelete={() => setDeleting(set)}
              />
            ))}
          </Stack>
          {selected ? (
            <Stack gap="xs">
              <Title order={2} size="h4">
                {selected.name}: dashboard
              </Title>
              <Suspense fallback={<Loader size="sm" aria-label="Loading the dashboard" />}>
                {/* Remounted when the latest run changes, so a finished run shows at once. */}
                <TrackingDashboard key={`${selected.id}:${selected.lastRun?.id ?? ''}:${selected.lastRun?.status ?? ''}`} set={selected} />
              </Suspense>
            </Stack>
          ) : null}
        </>
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this prompt set?" closeButtonProps={{ 'aria-label': 'Close' }} data-testid="tracking-delete-dialog">
        <Stack gap="sm">
          <Text size="sm">
            "{deleting?.name}" stops running, and its history (every run and answer) is deleted. Export it first if you want to keep it.
          </Text>
          {remove.isError ? <Alert color="red">{messageOf(remove.error, 'Could not delete the set.')}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting)} data-testid="tracking-delete-confirm">
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
      {formOpen ? (
        <TrackingSetForm
          key={editing?.id ?? 'new'}
          opened
          editing={editing}
          onClose={() => setFormOpen(false)}
          onSaved={(set) => {
            setFormOpen(false);
            open(set.id);
          }}
        />
      ) : null}
    </Stack>
  );
}
