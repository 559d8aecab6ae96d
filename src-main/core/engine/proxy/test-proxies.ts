// Tiny local proxies for tests (127.0.0.1 only): an HTTP CONNECT proxy and a SOCKS5 one (RFC 1928, with the
// RFC 1929 username/password method when credentials are set). Each counts the tunnels it opened, by target.
import { createServer as createHttpServer, type IncomingMessage } from 'node:http'
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net'

export interface CountingProxy {
  url: string
  port: number
  /** "host:port" of every tunnel opened, in order. */
  tunnels: string[]
  /** Connection attempts refused for bad or missing credentials. */
  refused: number
  close(): Promise<void>
}

interface Credentials { username: string; password: string }

const listen = async (server: Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

const closer = (server: Server, sockets: Set<Socket>) => () =>
  new Promise<void>((resolve) => {
    for (const s of sockets) s.destroy()
    server.close(() => resolve())
  })

export async function startConnectProxy(credentials?: Credentials): Promise<CountingProxy> {
  const sockets = new Set<Socket>()
  const server = createHttpServer((_req, res) => res.writeHead(405).end())
  const state = { tunnels: [] as string[], refused: 0 }
  server.on('connection', (s: Socket) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const expected = credentials && `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`
    if (expected && req.headers['proxy-authorization'] !== expected) {
      state.refused++
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n')
      return
    }
    const target = req.url ?? ''
    const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))]
    state.tunnels.push(target)
    const upstream = connect(port, host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length) upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    sockets.add(upstream)
    upstream.on('close', () => sockets.delete(upstream))
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  })
  const port = await listen(server)
  return { url: `http://127.0.0.1:${port}`, port, get tunnels() { return state.tunnels }, get refused() { return state.refused }, close: closer(server, sockets) }
}

/** Reads exactly n bytes from a paused socket's stream. */
function reader(socket: Socket) {
  let buffered = Buffer.alloc(0)
  let waiting: { n: number; resolve: (b: Buffer) => void; reject: (e: Error) => void } | undefined
  const pump = () => {
    if (waiting && buffered.length >= waiting.n) {
      const { n, resolve } = waiting
      waiting = undefined
      const out = buffered.subarray(0, n)
      buffered = buffered.subarray(n)
      resolve(out)
    }
  }
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk])
    pump()
  }
  socket.on('data', onData)
  socket.once('close', () => waiting?.reject(new Error('closed')))
  return {
    read: (n: number) => new Promise<Buffer>((resolve, reject) => {
      waiting = { n, resolve, reject }
      pump()
    }),
    /** Stop reading; what was read ahead is handed back. */
    detach: () => {
      socket.off('data', onData)
      return buffered
    }
  }
}

export async function startSocks5Proxy(credentials?: Credentials): Promise<CountingProxy> {
  const sockets = new Set<Socket>()
  const state = { tunnels: [] as string[], refused: 0 }
  const server = createServer((client) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    client.on('error', () => client.destroy())
    void handshake(client).catch(() => client.destroy())
  })
  async function handshake(client: Socket): Promise<void> {
    const r = reader(client)
    const [version, count] = await r.read(2)
    if (version !== 5) throw new Error('not SOCKS5')
    const methods = [...(await r.read(count!))]
    const method = credentials ? 0x02 : 0x00
    if (!methods.includes(method)) {
      state.refused++
      client.end(Buffer.from([5, 0xff]))
      return
    }
    client.write(Buffer.from([5, method]))
    if (credentials) {
      const [, ulen] = await r.read(2)
      const username = (await r.read(ulen!)).toString()
      const [plen] = await r.read(1)
      const password = (await r.read(plen!)).toString()
      const ok = username === credentials.username && password === credentials.password
      client.write(Buffer.from([1, ok ? 0 : 1]))
      if (!ok) {
        state.refused++
        client.end()
        return
      }
    }
    const [, command, , atyp] = await r.read(4)
    let host: string
    if (atyp === 1) host = [...(await r.read(4))].join('.')
    else if (atyp === 3) host = (await r.read((await r.read(1))[0]!)).toString()
    else throw new Error('address type not supported by the test proxy')
    const port = (await r.read(2)).readUInt16BE(0)
    if (command !== 1) throw new Error('only CONNECT')
    state.tunnels.push(`${host}:${port}`)
    const upstream = connect(port, host, () => {
      client.write(Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, 0, 0]))
      const ahead = r.detach()
      if (ahead.length) upstream.write(ahead)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    sockets.add(upstream)
    upstream.on('close', () => sockets.delete(upstream))
    upstream.on('error', () => {
      client.end(Buffer.from([5, 5, 0, 1, 0, 0, 0, 0, 0, 0]))
    })
    client.on('error', () => upstream.destroy())
  }
  const port = await listen(server)
  return { url: `socks5://127.0.0.1:${port}`, port, get tunnels() { return state.tunnels }, get refused() { return state.refused }, close: closer(server, sockets) }
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer()
  const port = await listen(server)
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
