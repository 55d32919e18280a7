// Writes a web-standard Response (what the SDK's 2026-07-28 handler answers) onto Node's response, streaming
// its body with back-pressure, and stops reading it when the client goes away.
import type { ServerResponse } from 'node:http';

export async function sendWebResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) headers[name] = value;
  res.writeHead(response.status, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const cancel = () => {
    reader.cancel().catch(() => {});
  };
  res.once('close', cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
    }
  } catch {
    // The stream failed or was cancelled because the client left: nothing more can be sent.
  } finally {
    res.off('close', cancel);
    res.end();
  }
}
