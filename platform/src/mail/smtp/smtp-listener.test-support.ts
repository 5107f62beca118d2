import { createServer, type AddressInfo, type Server } from 'node:net';

/** One message as the server received it; `auth`: the username and password it signed in with. */
export type Received = {
  from: string;
  to: string[];
  data: string;
  auth?: { user: string; password: string };
};

/**
 * A tiny SMTP server in this process (node:net): just enough of RFC 5321 for one client to deliver,
 * so the adapter is tested over a real SMTP conversation rather than a mocked transport. `auth`: it
 * asks the client to sign in (AUTH PLAIN) and records the credentials with each message.
 */
export const listen = async (
  options: { auth?: boolean } = {},
): Promise<{ server: Server; port: number; received: Received[] }> => {
  const received: Received[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let signedIn: Received['auth'];
    let current: Received = { from: '', to: [], data: '' };
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push({ ...current, ...(signedIn && { auth: signedIn }) });
            current = { from: '', to: [], data: '' };
            socket.write('250 2.0.0 queued as test-1\r\n');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO')
          socket.write(
            options.auth ? '250-test\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n' : '250-test\r\n250 8BITMIME\r\n',
          );
        else if (verb === 'AUTH' && options.auth) {
          // AUTH PLAIN <base64 of \0user\0password>
          const [, user = '', password = ''] = Buffer.from(line.split(' ')[2] ?? '', 'base64')
            .toString('utf8')
            .split('\0');
          signedIn = { user, password };
          socket.write('235 2.7.0 Authentication successful\r\n');
        } else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          socket.write('250 2.1.0 OK\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 2.1.5 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else if (verb === 'RSET' || verb === 'NOOP') socket.write('250 OK\r\n');
        else socket.write('502 not here\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
};
