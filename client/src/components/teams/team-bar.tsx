import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import type { ComparedModel } from '../../../../contract/ask.ts';
import type { JudgeMode } from '../../../../contract/judge.ts';
import { TEAM_LIMITS } from '../../../../contract/teams.ts';
import { fetchTeam, listTeams, saveTeam, type Team, type TeamJudge } from '../../api/teams-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { useCatalogue } from '../../app-state/catalogue-context.tsx';
import { modelNames } from '../../catalogue/model-names.ts';

export interface TeamBarProps {
  /** The models ticked now, each with its column's settings: what "Save as team" saves. */
  selection: readonly ComparedModel[];
  /** Puts a team on the page: its models ticked, their settings in their columns, its judge ready. */
  onPick(team: Team): void;
}

const AFTER: { value: string; label: string }[] = [
  { value: '', label: 'Nothing' },
  { value: 'council', label: 'A council' },
  { value: 'agreement', label: 'Judge: agreement' },
  { value: 'merge', label: 'Judge: merge' },
  { value: 'critique', label: 'Judge: critique' },
  { value: 'rank', label: 'Judge: rank' },
];

const teamLink = (team: Team) => `${window.location.origin}/?team=${encodeURIComponent(team.id)}`;

/**
 * Saved teams in the comparison workspace: one click puts a team's models (with their settings) on the page, and the
 * ticked models can be saved as a team with a judge or council. A link `/?team=<id>` opens the page with that team
 * picked. Loaded with the comparison form, after its first paint.
 */
export default function TeamBar({ selection, onPick }: TeamBarProps) {
  const { catalogue } = useCatalogue();
  const navigate = useNavigate();
  const [teams, setTeams] = useState<Team[] | null>(null);
  const [picked, setPicked] = useState<Team | null>(null);
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [after, setAfter] = useState('');
  const [judgeModel, setJudgeModel] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<Team | null>(null);

  const pick = useCallback(
    (team: Team) => {
      setPicked(team);
      setSaved(null);
      onPick(team);
    },
    [onPick],
  );

  useEffect(() => {
    const abort = new AbortController();
    listTeams(abort.signal)
      .then(({ teams: loaded }) => setTeams(loaded))
      .catch(() => !abort.signal.aborted && setTeams([]));
    // A link's team (`/?team=<id>`) is picked on arrival, then the address is left clean: a reload keeps the person's edits.
    const linked = new URLSearchParams(window.location.search).get('team');
    if (linked) {
      fetchTeam(linked, abort.signal)
        .then((team) => {
          pick(team);
          void navigate({ to: '/', search: {}, replace: true });
        })
        .catch((failure: unknown) => !abort.signal.aborted && setError(messageOf(failure, 'That team could not be opened.')));
    }
    return () => abort.abort();
    // Read once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const chosenJudge = judgeModel || (selection[0] ? `${selection[0].engine}/${selection[0].model}` : '');
  // Not a form of its own: it sits inside the comparison's form, whose Enter asks the question.
  const save = () => {
    const slash = chosenJudge.indexOf('/');
    const pair = { engine: chosenJudge.slice(0, slash), model: chosenJudge.slice(slash + 1) };
    const judge: TeamJudge | null = after === '' ? null : after === 'council' ? { kind: 'council', ...pair } : { kind: 'judge', mode: after as JudgeMode, ...pair };
    setBusy(true);
    setError(null);
    saveTeam({ name, models: [...selection], judge })
      .then((team) => {
        setTeams((current) => [...(current ?? []), team].sort((left, right) => left.name.localeCompare(right.name)));
        setSaved(team);
        setSaving(false);
        setName('');
      })
      .catch((failure: unknown) => setError(messageOf(failure, 'The team could not be saved. Please try again.')))
      .finally(() => setBusy(false));
  };

  return (
    <Stack gap={6} data-testid="team-bar">
      <Group gap="xs" wrap="wrap" role="group" aria-label="Your teams">
        <Text size="sm" c="dimmed">
          Your teams:
        </Text>
        {teams?.length === 0 && (
          <Text size="sm" c="dimmed">
            none yet
          </Text>
        )}
        {teams?.map((team) => (
          <Button key={team.id} variant={picked?.id === team.id ? 'filled' : 'light'} size="compact-sm" onClick={() => pick(team)} aria-pressed={picked?.id === team.id} data-testid="team-choice">
            {team.name}
          </Button>
        ))}
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setSaving((open) => !open)}
          disabled={selection.length === 0 || (teams?.length ?? 0) >= TEAM_LIMITS.perAccount}
          aria-expanded={saving}
          data-testid="team-save-open"
        >
          Save as team
        </Button>
      </Group>
      {picked && (
        <Text size="sm" role="status" data-testid="team-picked">
          Team “{picked.name}” picked: {picked.models.length} models
          {picked.judge ? `, then ${picked.judge.kind === 'council' ? 'a council' : `a ${picked.judge.mode} judge`} (${modelNames(catalogue, picked.judge).model})` : ''}.
        </Text>
      )}
      {saving && (
        <Paper withBorder radius="md" p="sm" role="group" aria-label="Save as team" data-testid="team-save-form">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Team name"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                save();
              }}
              maxLength={TEAM_LIMITS.nameLength}
              style={{ flex: 1, minWidth: 180 }}
              data-testid="team-name"
            />
            <NativeSelect label="After the answers" data={AFTER} value={after} onChange={(event) => setAfter(event.currentTarget.value)} data-testid="team-after" />
            {after !== '' && (
              <NativeSelect
                label={after === 'council' ? 'Chairman' : 'Judge'}
                data={selection.map((entry) => ({ value: `${entry.engine}/${entry.model}`, label: modelNames(catalogue, entry).model }))}
                value={chosenJudge}
                onChange={(event) => setJudgeModel(event.currentTarget.value)}
                data-testid="team-judge-model"
              />
            )}
            <Button onClick={save} loading={busy} data-testid="team-save">
              Save {selection.length} models
            </Button>
          </Group>
        </Paper>
      )}
      {error && (
        <Text size="sm" c="red" role="alert" data-testid="team-error">
          {error}
        </Text>
      )}
      {saved && (
        <Text size="sm" role="status" data-testid="team-saved">
          Saved “{saved.name}”. Open it from anywhere:{' '}
          <Anchor href={teamLink(saved)} size="sm" data-testid="team-link">
            {teamLink(saved)}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
