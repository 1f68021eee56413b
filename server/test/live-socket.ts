import { WebSocket } from 'ws';

/**
 * A socket of the live channel logged in with `token`, and the messages of `type` it received since
 * (in order). Close it with `socket.close()`.
 */
export async function liveMessagesOf<T = unknown>(liveUrl: string, token: string, type: string) {
  const socket = new WebSocket(liveUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const messages: T[] = [];
  const loggedIn = new Promise<void>((resolve) =>
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string };
      if (message.type === 'login') resolve();
      if (message.type === type) messages.push(message as T);
    }),
  );
  socket.send(JSON.stringify({ type: 'login', token }));
  await loggedIn;
  return { socket, messages };
}
