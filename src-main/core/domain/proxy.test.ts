// config.proxy parsing: the spellings accepted, the normal form stored, what is refused, the masked view.
import { describe, expect, it } from 'vitest'
import { parseProxy, proxyUrl, proxyView } from './proxy.js'

describe('parseProxy', () => {
  it('normalises servers and moves URL credentials to username/password (separate fields win)', () => {
    expect(parseProxy({ server: '10.0.0.5:3128' })).toEqual({ server: 'http://10.0.0.5:3128', username: null, password: null })
    expect(parseProxy({ server: 'SOCKS5://u%40x:p%3Aw@proxy.lan' })).toEqual({ server: 'socks5://proxy.lan:1080', username: 'u@x', password: 'p:w' })
    expect(parseProxy({ server: 'https://[::1]:8443', username: 'a', password: 'b' })).toEqual({ server: 'https://[::1]:8443', username: 'a', password: 'b' })
    expect(parseProxy({ server: 'http://x:y@h:1', username: 'a', password: '' })).toEqual({ server: 'http://h:1', username: 'a', password: 'y' })
  })

  it('refuses other schemes, paths, garbage and a SOCKS password without a username', () => {
    for (const server of ['ftp://h:21', 'http://h:1/path', 'http://h:1?q=1', 'http://', ':::', 'socks5://:pw@h:1', 'http://%E0%A4%A@h:1', 'http://h:99999']) {
      expect(() => parseProxy({ server }), server).toThrow(expect.objectContaining({ code: 'invalid_param' }))
    }
  })

  it('proxyUrl round-trips the credentials; proxyView never holds the password', () => {
    const p = parseProxy({ server: 'socks5://h:9', username: 'us er', password: 'p@ss:w/rd' })
    const url = proxyUrl(p)
    expect([decodeURIComponent(url.username), decodeURIComponent(url.password)]).toEqual(['us er', 'p@ss:w/rd'])
    expect(proxyView(p)).toEqual({ server: 'socks5://h:9', username: 'us er', password: '***' })
    expect(proxyView(null)).toBeNull()
  })
})
