/**
 * A merchant's text as paragraphs: split on blank lines, each trimmed, empty ones dropped. The
 * result is shown as React text, never as HTML, so whatever the merchant typed (`<script>` included)
 * is displayed, not run.
 */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
}
