import { Group, Image, Paper, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';

/** A file as a past question shows it: an image's thumbnail when its bytes may be read here, else its name. */
export interface ShownFile {
  kind: 'image' | 'document';
  name: string;
  width: number | null;
  height: number | null;
  textChars: number | null;
  /** Only the owner's views have it (shared links name files, never show them). */
  contentUrl?: string;
}

const detail = (file: ShownFile) =>
  file.kind === 'image' ? `${file.width}×${file.height} px` : `${(file.textChars ?? 0).toLocaleString('en-US')} characters`;

/** The files a question was asked with, in order: thumbnails (read with the owner's session) and names. */
export function AttachedFiles({ files }: { files: readonly ShownFile[] | undefined }) {
  if (!files || files.length === 0) return null;
  return (
    <Group gap="xs" mt={6} wrap="wrap" data-testid="attached-files" aria-label="Attached files">
      {files.map((file, index) => (
        <Paper key={`${index}-${file.name}`} withBorder radius="md" px="xs" py={4} data-testid="attached-file">
          <Group gap={6} wrap="nowrap">
            {file.kind === 'image' && file.contentUrl ? (
              <Image src={file.contentUrl} alt={`Attached image ${file.name}`} w={40} h={40} radius="sm" fit="cover" loading="lazy" />
            ) : (
              <IconFileText size={18} aria-hidden />
            )}
            <div>
              <Text size="xs" maw={200} truncate="end" title={file.name}>
                {file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {detail(file)}
              </Text>
            </div>
          </Group>
        </Paper>
      ))}
    </Group>
  );
}
