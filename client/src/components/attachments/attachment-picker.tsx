import { ActionIcon, FileButton, Button, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { ATTACHMENT_LIMITS, ATTACHMENT_TEXTS, attachmentCredits, type AttachmentInfo } from '../../../../contract/attachments.ts';
import { ApiError } from '../../api/http-client.ts';
import { deleteAttachment, uploadAttachment } from '../../api/attachments-api.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { creditsText } from '../../catalogue/model-access.ts';

export interface AttachmentPickerProps {
  files: readonly AttachmentInfo[];
  onChange(next: readonly AttachmentInfo[]): void;
  /** How many models will read the files: the price line says what they add in all. */
  modelCount?: number | undefined;
  /** Distinguishes the ask box's picker from the follow-up's in tests. */
  testId: string;
}

/** What the browser offers in its file dialog; the server still decides by the bytes. */
const ACCEPTED = 'image/png,image/jpeg,image/webp,image/gif,application/pdf,text/plain,text/markdown,text/csv,application/json,.md,.csv,.json,.txt';

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

/**
 * Attach files to a question: a button (or files dropped on it), one chip per file with its name, size and a
 * remove button, the server's reason when a file is refused, and what the files add to the price. Loaded lazily:
 * none of it is part of the first paint. Guests cannot attach files, so they see nothing here.
 */
export function AttachmentPicker({ files, onChange, modelCount, testId }: AttachmentPickerProps) {
  const { user } = useAuth();
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;

  const add = async (picked: readonly File[]) => {
    setError(null);
    const room = ATTACHMENT_LIMITS.perQuestion - files.length;
    if (picked.length > room) setError(ATTACHMENT_TEXTS.tooMany);
    let current = files;
    for (const file of picked.slice(0, Math.max(0, room))) {
      setUploading((count) => count + 1);
      try {
        const stored = await uploadAttachment(file);
        current = [...current, stored];
        onChange(current);
      } catch (failure) {
        const reason = failure instanceof ApiError ? failure.message : 'could not be uploaded.';
        // The server's words name the file when it matters (a disguised one); otherwise say which file it was.
        setError(reason.includes(file.name) ? reason : `${file.name}: ${reason}`);
      } finally {
        setUploading((count) => count - 1);
      }
    }
  };
  const remove = (file: AttachmentInfo) => {
    onChange(files.filter((candidate) => candidate.id !== file.id));
    // Best effort: an unused file left behind only counts against the quota until the account's files are tidied.
    deleteAttachment(file.id).catch(() => undefined);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    void add(Array.from(event.dataTransfer.files));
  };
  const perModel = attachmentCredits(files);

  return (
    <Stack gap={6} data-testid={testId} onDragOver={(event) => event.preventDefault()} onDrop={drop}>
      <Group gap="xs" wrap="wrap">
        <FileButton onChange={(picked) => void add(picked)} accept={ACCEPTED} multiple>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconPaperclip size={14} aria-hidden />}
              disabled={files.length >= ATTACHMENT_LIMITS.perQuestion}
              data-testid={`${testId}-button`}
            >
              Attach files
            </Button>
          )}
        </FileButton>
        {uploading > 0 && <Loader size="xs" aria-label="Uploading" />}
        {files.map((file) => (
          <Paper key={file.id} withBorder radius="xl" px="xs" py={2} data-testid={`${testId}-chip`}>
            <Group gap={6} wrap="nowrap">
              {file.kind === 'image' && <Image src={file.contentUrl} alt="" w={20} h={20} radius="sm" fit="cover" />}
              <Text size="xs" maw={180} truncate="end" title={file.name}>
                {file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {sizeText(file.byteSize)}
              </Text>
              <ActionIcon variant="subtle" size="xs" color="gray" onClick={() => remove(file)} aria-label={`Remove ${file.name}`}>
                <IconX size={12} aria-hidden />
              </ActionIcon>
            </Group>
          </Paper>
        ))}
      </Group>
      {files.length > 0 && (
        <Text size="xs" c="dimmed" aria-live="polite" data-testid={`${testId}-price`}>
          Files add {creditsText(perModel)} per model{modelCount && modelCount > 1 ? ` (${creditsText(perModel * modelCount)} in all)` : ''}, included in the price.
        </Text>
      )}
      {error && (
        <Text size="xs" c="light-dark(var(--mantine-color-red-8), var(--mantine-color-red-3))" role="alert" data-testid={`${testId}-error`}>
          {error}
        </Text>
      )}
    </Stack>
  );
}

export default AttachmentPicker;
