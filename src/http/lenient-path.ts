// Uvicorn decodes a request path with Python's `unquote`: an escape that is not `%XX` stays as
// typed and bytes that are not UTF-8 become U+FFFD, so `/v2/leads/%FF%FE` simply asks for a lead
// that does not exist. Fastify's router refuses such a path outright (400, outside the API's
// error shape); this rewrites only the segments it would refuse into the escapes of what Uvicorn
// reads, so they reach their route like any other id.

const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
const lenientUtf8 = new TextDecoder('utf-8');

const unquote = (segment: string) =>
  segment.replace(ESCAPE_RUN, (run) => lenientUtf8.decode(Uint8Array.from(run.slice(1).split('%'), (hex) => parseInt(hex, 16))));

function decodable(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/** Fastify's `rewriteUrl`: the URL, with every undecodable path segment re-escaped. */
export function rewriteUndecodablePath(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (!path.includes('%')) return url;
  const segments = path.split('/');
  let changed = false;
  for (let i = 0; i < segments.length; i++) {
    if (segments[i].includes('%') && !decodable(segments[i])) {
      segments[i] = encodeURIComponent(unquote(segments[i]));
      changed = true;
    }
  }
  return changed ? segments.join('/') + (queryAt < 0 ? '' : url.slice(queryAt)) : url;
}
