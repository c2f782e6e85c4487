import { Resvg } from '@resvg/resvg-js';
import { createRequire } from 'node:module';
import type { SharedRequest } from '../../contract/shares.ts';
import { escapeHtml } from '../mail/index.ts';

/**
 * The picture a link preview shows for one shared page (1200 × 630, PNG): the question, and the models that
 * answered it, over the site's colours. Drawn as SVG and rasterised with resvg in-process with the DejaVu fonts that
 * ship as a package, so it looks the same on every machine (a slim container has no fonts of its own) and needs no
 * browser. Text is laid out here: SVG does not wrap, so lines are broken by an estimate of each character's width.
 */

export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

const MARGIN = 72;
const TEXT_WIDTH = PREVIEW_SIZE.width - 2 * MARGIN;
const QUESTION_SIZE = 50;
const QUESTION_LINES = 4;
const PILL_SIZE = 26;
const PILLS_SHOWN = 6;

const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
const FONT_FILES = [fontFile('DejaVuSans.ttf'), fontFile('DejaVuSans-Bold.ttf')];

/** Roughly how wide a character is in DejaVu Sans, in ems (bold is a little wider). */
function characterEms(character: string, bold: boolean): number {
  let ems = 0.62;
  if (/[iljtfr.,:;'!|()[\]\s]/.test(character)) ems = 0.34;
  else if (/[mwMW@]/.test(character)) ems = 0.92;
  else if (/[A-Z0-9?&%]/.test(character)) ems = 0.7;
  else if (/[\u3000-\u9fff\uac00-\ud7af]/.test(character)) ems = 1;
  return bold ? ems * 1.14 : ems;
}

export function textWidth(text: string, size: number, bold = false): number {
  let ems = 0;
  for (const character of text) ems += characterEms(character, bold);
  return ems * size;
}

/** Words laid into lines no wider than `width`; past `maxLines` the last line ends in an ellipsis. A word too long for a line is cut. */
export function wrapText(text: string, size: number, width: number, maxLines: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (textWidth(candidate, size, bold) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = word;
    while (textWidth(line, size, bold) > width) {
      let cut = line.length - 1;
      while (cut > 1 && textWidth(line.slice(0, cut), size, bold) > width) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line !== '') lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]}…`;
  while (textWidth(last, size, bold) > width && last.length > 1) last = `${last.slice(0, -2).trimEnd()}…`;
  kept[maxLines - 1] = last;
  return kept;
}

/** The models as pills, left to right, onto as many rows as they need (at most two shown, then "+N more"). */
function modelPills(names: string[], top: number): string {
  const shown = names.slice(0, PILLS_SHOWN);
  const labels = names.length > shown.length ? [...shown, `+${names.length - shown.length} more`] : shown;
  const height = PILL_SIZE * 1.9;
  let x = MARGIN;
  let y = top;
  const pills: string[] = [];
  for (const label of labels) {
    const width = textWidth(label, PILL_SIZE) + PILL_SIZE * 1.4;
    if (x + width > PREVIEW_SIZE.width - MARGIN && x > MARGIN) {
      x = MARGIN;
      y += height + 14;
    }
    pills.push(
      `<rect x="${x}" y="${y}" width="${width.toFixed(1)}" height="${height}" rx="${height / 2}" fill="#ffffff" fill-opacity="0.85" stroke="#4c6ef5" stroke-opacity="0.35"/>` +
        `<text x="${(x + PILL_SIZE * 0.7).toFixed(1)}" y="${(y + height * 0.66).toFixed(1)}" font-size="${PILL_SIZE}" fill="#364fc7">${escapeHtml(label)}</text>`,
    );
    x += width + 14;
  }
  return pills.join('');
}

/** The preview as SVG: what `sharePreviewPng` rasterises (also readable in a test). */
export function sharePreviewSvg(shared: SharedRequest): string {
  const question = wrapText(shared.query, QUESTION_SIZE, TEXT_WIDTH, QUESTION_LINES, true);
  const names = shared.answers.map((answer) => answer.modelName);
  const label = names.length > 1 ? `${names.length} AI models, side by side` : 'One AI model’s answer';
  const questionTop = 218;
  const lineHeight = QUESTION_SIZE * 1.2;
  const questionText = question
    .map((line, index) => `<text x="${MARGIN}" y="${(questionTop + index * lineHeight).toFixed(1)}" font-size="${QUESTION_SIZE}" font-weight="bold" fill="#1a1b3a">${escapeHtml(line)}</text>`)
    .join('');
  const pillsTop = Math.max(questionTop + (question.length - 1) * lineHeight + 50, 420);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_SIZE.width}" height="${PREVIEW_SIZE.height}" viewBox="0 0 ${PREVIEW_SIZE.width} ${PREVIEW_SIZE.height}" font-family="DejaVu Sans">
<defs><linearGradient id="background" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef2ff"/><stop offset="0.55" stop-color="#f8f0fc"/><stop offset="1" stop-color="#e6fcf5"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#background)"/>
<g transform="translate(${MARGIN - 6} 52) scale(2.6)"><circle cx="12" cy="12.5" r="8.5" fill="#4c6ef5" opacity="0.9"/><circle cx="20" cy="12.5" r="8.5" fill="#845ef7" opacity="0.8"/><circle cx="16" cy="19.5" r="8.5" fill="#20c997" opacity="0.75"/></g>
<text x="${MARGIN + 90}" y="104" font-size="40" font-weight="bold" fill="#1a1b3a">Quorum</text>
<text x="${PREVIEW_SIZE.width - MARGIN}" y="104" font-size="26" fill="#495057" text-anchor="end">${escapeHtml(label)}</text>
${questionText}
${modelPills(names, pillsTop)}
</svg>`;
}

/** The preview as PNG bytes. */
export function sharePreviewPng(shared: SharedRequest): Buffer {
  const rendered = new Resvg(sharePreviewSvg(shared), {
    fitTo: { mode: 'width', value: PREVIEW_SIZE.width },
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  }).render();
  return rendered.asPng();
}
