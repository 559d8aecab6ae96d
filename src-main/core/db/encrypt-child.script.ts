// Child process of store-cipher-crash.test.ts: opens a store in clear with the data key (which encrypts it), says
// so, and exits. argv: <db file> <data key, hex>
import { openDatabase } from './connection.js'

const [file, keyHex] = process.argv.slice(2)
process.stdout.write('OPENING\n')
const db = openDatabase(file!, { dataKey: Buffer.from(keyHex!, 'hex') })
db.close()
process.stdout.write('DONE\n')
