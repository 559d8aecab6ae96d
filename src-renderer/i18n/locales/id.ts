// Bahasa Indonesia. Same keys as en.ts (typed: a missing key is a compile error, and a test checks it too).
// Indonesian has one plural form: i18next reads the _other keys; the _one keys are kept for the shared shape.
import type { Messages } from './en.js'

export const id: Messages = {
  app: { skip: 'Lewati ke konten' },
  common: { loading: 'Memuat…', save: 'Simpan', cancel: 'Batal', edit: 'Ubah', delete: 'Hapus' },
  nav: {
    sections: 'Bagian',
    instances: 'Instans',
    pairing: 'Penautan',
    chats: 'Chat',
    campaigns: 'Kampanye',
    policies: 'Kebijakan',
    webhooks: 'Webhook',
    api: 'API',
    sandbox: 'Sandbox',
    settings: 'Pengaturan'
  },
  topbar: {
    sandboxTitle: 'Jaringan WhatsApp simulasi: tidak ada akun sungguhan',
    connection: { open: 'Terhubung', connecting: 'Menghubungkan…', closed: 'Terputus: menghubungkan ulang' },
    apiPlan: 'API {{url}} · paket {{plan}}',
    plan: { free: 'gratis', paid: 'berbayar' },
    theme: 'Tema',
    themeSystem: 'Tema sistem',
    themeLight: 'Terang',
    themeDark: 'Gelap'
  },
  banner: {
    downTitle: 'Switchboard tidak dapat dijangkau.',
    downText: 'Halaman akan terhubung ulang dengan sendirinya; sampai saat itu, yang Anda lihat mungkin sudah usang dan tindakan tidak akan terkirim. Jika Switchboard dihentikan, jalankan lagi.'
  },
  status: { STOPPED: 'Berhenti', STARTING: 'Memulai', SCAN_QR_CODE: 'Menunggu pemindaian', WORKING: 'Berjalan', FAILED: 'Gagal', DELETED: 'Dihapus' },
  picker: {
    instance: 'Instans',
    createFirst: 'Buat instans terlebih dahulu',
    deleted: '{{name}} ({{id}}) telah dihapus.',
    deletedNow: '{{name}} ({{id}}) telah dihapus; sekarang menampilkan {{now}}.',
    unread: '{{n}} belum dibaca',
    unreadElsewhere: '{{n}} belum dibaca di instans lain'
  },
  format: { noLimit: 'Tanpa batas' },
  failure: {
    qr_timeout: 'tidak ada yang memindai kode QR tepat waktu',
    retries_exhausted: 'tidak dapat terhubung setelah beberapa kali mencoba (apakah jaringan sedang mati?)',
    proxy_unreachable: 'tidak dapat terhubung melalui proksinya (apakah server proksi berjalan?)',
    conflict: 'akun terus-menerus dibuka di tempat lain',
    forbidden: 'jaringan menolak akun ini',
    banned: 'jaringan memblokir akun ini',
    unknown: 'alasan tidak diketahui'
  },
  instances: {
    loading: 'Memuat instans…',
    none: 'Belum ada instans. Buat satu untuk menautkan akun WhatsApp.',
    quota: '{{used}} dari {{limit}} terpakai (paket {{plan}})',
    quotaUnlimited: '{{used}} terpakai (tanpa batas di paket {{plan}})',
    quotaFull: 'Kuota instans paket ini sudah habis: hapus instans yang tidak diperlukan lagi, atau pilih paket berbayar di Pengaturan.'
  },
  card: {
    label: 'Instans {{name}}',
    state: {
      WORKING: 'Terhubung: mengirim dan menerima',
      STARTING: 'Menghubungkan…',
      SCAN_QR_CODE: 'Belum ditautkan: menunggu ponsel memindai',
      STOPPED: 'Berhenti: tidak mengirim atau menerima',
      FAILED: 'Koneksi gagal: tidak mengirim atau menerima',
      DELETED: 'Dihapus'
    },
    newChatsAllowed: 'Chat baru diizinkan',
    today: 'Hari ini',
    sent: 'terkirim',
    received: 'diterima',
    waiting: 'menunggu',
    failed: 'gagal',
    lastActivity: 'Aktivitas terakhir {{when}}',
    noMessages: 'Belum ada pesan',
    openChats: 'Buka chat',
    openChatsUnread: 'Buka chat ({{n}} belum dibaca)',
    number: 'Nomor',
    notPaired: 'Belum ditautkan',
    instanceId: 'ID instans',
    pushName: 'Nama tampilan',
    server: 'Server',
    policy: 'Kebijakan',
    proxy: 'Proksi',
    proxyTitle: 'Koneksi WhatsApp dan media melewati proksi ini; perubahan berlaku saat mulai ulang berikutnya',
    proxyUser: 'pengguna {{user}}',
    proxyUserPassword: 'pengguna {{user}}, kata sandi diatur',
    failedNote: 'Koneksi gagal: {{reason}}. Jalankan lagi, atau keluar lalu tautkan ulang.',
    unpaired: 'Tautan terputus: {{why}}.',
    start: 'Mulai',
    stop: 'Hentikan',
    restart: 'Mulai ulang',
    logout: 'Keluar',
    doing: { start: 'Memulai…', stop: 'Menghentikan…', restart: 'Memulai ulang…', logout: 'Sedang keluar…', delete: 'Menghapus…' },
    notSent_one: '{{count}} pesan yang menunggu tidak terkirim.',
    notSent_other: '{{count}} pesan yang menunggu tidak terkirim.',
    confirm: {
      logoutTitle: 'Keluarkan {{name}}?',
      logoutBody: 'Ponsel akan melepas tautan perangkat ini. Untuk memakai instans ini lagi, tautkan dengan pemindaian atau kode baru.',
      deleteTitle: 'Hapus {{name}}?',
      deleteBody: 'Tindakan ini tidak bisa dibatalkan: tautan, pengaturan, dan datanya dihapus, dan ID instans tidak berlaku lagi.',
      restartTitle: 'Mulai ulang {{name}}?',
      restartUnknown: 'Pesan yang masih menunggu di antrean kirim, jika ada, tidak akan dikirim.',
      restartWaiting_one: '{{count}} pesan yang menunggu tidak akan dikirim.',
      restartWaiting_other: '{{count}} pesan yang menunggu tidak akan dikirim.',
      restartAfter: 'Pesan itu ditandai “Tidak terkirim” di chat-nya, dan Kirim ulang mengirimnya lagi sebagai pesan baru. Koneksi terputus sebentar.'
    }
  },
  chats: {
    choose: 'Pilih chat untuk dibaca dan dibalas.',
    search: 'Cari chat',
    searchPlaceholder: 'Nama, nomor, atau pesan',
    loading: 'Memuat chat…',
    noMatch: 'Tidak ada chat yang cocok.',
    none: 'Belum ada chat.',
    more: 'Tampilkan chat lainnya',
    you: 'Anda: ',
    unread: '{{n}} belum dibaca'
  },
  thread: { messages: 'Pesan', older: 'Muat pesan sebelumnya', loading: 'Memuat pesan…' },
  message: { resent: 'Terkirim ulang', resend: 'Kirim ulang', resendThis: 'Kirim ulang pesan ini' },
  composer: {
    form: 'Tulis pesan',
    message: 'Pesan',
    caption: 'Keterangan (opsional)',
    attach: 'Lampirkan',
    attachFile: 'Lampirkan berkas',
    remove: 'Hapus lampiran',
    removeNamed: 'Hapus lampiran {{name}}',
    send: 'Kirim',
    sending: 'Mengirim…',
    tooBig: 'Berkas yang dapat dikirim maksimal 16 MiB'
  },
  state: {
    connecting: '{{name}} sedang menghubungkan: Anda bisa mengirim setelah terhubung.',
    unpaired: '{{name}} belum ditautkan ke ponsel{{why}}: pesan tidak dikirim atau diterima sampai tertaut.',
    pair: 'Tautkan ponsel',
    failed: '{{name}} gagal ({{why}}): pesan tidak dikirim atau diterima sampai berjalan lagi.',
    stopped: '{{name}} berhenti: pesan tidak dikirim atau diterima sampai berjalan lagi.',
    start: 'Jalankan',
    starting: 'Memulai…'
  },
  notify: {
    title: 'Notifikasi',
    off: ' (mati)',
    group: 'Pemberitahuan pesan baru',
    turnOn: 'Aktifkan notifikasi',
    blocked: 'Notifikasi untuk halaman ini diblokir di pengaturan situs browser.',
    thisNumber: 'Beri notifikasi untuk nomor ini',
    sound: 'Suara'
  },
  contact: { name: 'Beri nama kontak ini', label: 'Nama di PC ini', hint: 'Kosongkan untuk memakai nama yang dikenal WhatsApp.' },
  replies: {
    title: 'Balasan tersimpan',
    intro: 'Ketik / dan pintasannya di kotak pesan chat untuk menyisipkan balasan. Balasan ini dipakai bersama oleh semua nomor akun ini.',
    none: 'Belum ada balasan tersimpan.',
    noneStarts: 'Tidak ada balasan tersimpan yang diawali /{{query}}.',
    whereToAdd: 'Tambahkan di Pengaturan › Balasan tersimpan.',
    editNamed: 'Ubah /{{shortcut}}',
    deleteNamed: 'Hapus /{{shortcut}}',
    addForm: 'Tambah balasan tersimpan',
    shortcut: 'Pintasan',
    shortcutExample: 'jambuka',
    reply: 'Balasan',
    replyExample: 'Kami buka pukul 09.00 sampai 18.00, Senin sampai Sabtu.',
    add: 'Tambah balasan',
    saveChanges: 'Simpan perubahan'
  },
  newChat: {
    button: 'Chat baru',
    form: 'Chat baru',
    phone: 'Nomor telepon',
    enterNumber: 'Masukkan nomor, mis. +62 812 3456 7890',
    checking: 'Memeriksa…',
    checkingNamed: 'Memeriksa {{number}}…',
    message: 'Kirim pesan ke {{number}}',
    start: 'Mulai chat',
    notOnWhatsApp: '{{number}} tidak ada di WhatsApp: pesan ke nomor ini tidak dapat terkirim.'
  },
  found: {
    label: 'Pesan yang ditemukan',
    title: 'Pesan',
    none: 'Tidak ada pesan yang berisi “{{query}}”.',
    more: 'Menampilkan {{n}} yang terbaru; tambahkan kata untuk mempersempit pencarian.'
  },
  plan: {
    title: 'Paket',
    intro: 'Switchboard meniru paket layanan hosting, sehingga alat Anda menerima jawaban yang sama. Perubahan langsung berlaku.',
    yourPlan: 'Paket Anda',
    name: { free: 'Gratis', paid: 'Berbayar' },
    unlocks: 'Yang dibuka oleh paket {{plan}}',
    yours: ' (milik Anda)',
    quotaForm: 'Kuota paket {{plan}}',
    quotaLabel: 'Instans per akun di paket {{plan}}',
    quotaBad: 'Jumlah instans berupa bilangan bulat, atau tanpa batas (unlimited).',
    quotaHelp: 'Sebuah angka, atau tanpa batas (unlimited).'
  },
  devices: {
    title: 'Browser',
    intro: 'Browser yang dibuka dengan tautan sekali pakai tetap punya akses, juga setelah Switchboard dimulai ulang, sampai Anda mengeluarkannya di sini.',
    none: 'Tidak ada browser yang punya akses: jendela ini adalah aplikasi desktop, yang tidak memerlukan tautan.',
    thisBrowser: ' · browser ini',
    seen: 'diberi akses {{created}} · terakhir terlihat {{seen}}',
    signOutThis: 'Keluarkan browser ini',
    signOut: 'Keluarkan',
    signOutOthers: 'Keluarkan browser lainnya',
    thisSignedOut: 'Browser ini',
    signedOut: '{{label}} telah dikeluarkan.',
    othersOne: 'Satu browser lain telah dikeluarkan.',
    othersMany: '{{n}} browser lain telah dikeluarkan.'
  },
  pairing: {
    inactive: 'Instans ini {{state}}. Jalankan: kode QR muncul dalam beberapa detik.',
    failedState: 'gagal ({{why}})',
    stoppedState: 'berhenti',
    startInstance: 'Jalankan instans',
    stillStarting: 'Masih memulai: kode QR muncul dalam beberapa detik. Kode penautan bisa diminta setelah kode QR tampil.',
    pairedWith: 'Tertaut dengan',
    logoutFirst: '. Untuk menautkan ponsel lain, keluarkan instans ini terlebih dahulu.'
  },
  views: { policies: 'Kebijakan batas kirim', sandboxPhones: 'Ponsel sandbox' },
  settings: { loading: 'Memuat pengaturan…' },
  language: {
    title: 'Bahasa',
    label: 'Bahasa',
    system: 'Sistem ({{name}})',
    hint: 'Tanggal, waktu, dan angka juga mengikutinya. Pesan pelanggan dan kata kunci berhenti berlangganan tidak pernah diterjemahkan.'
  },
  general: {
    title: 'Log, data, dan saat mulai',
    logLevel: 'Tingkat log',
    level: { error: 'Hanya galat', warn: 'Peringatan dan galat', info: 'Normal (info)', debug: 'Terperinci (debug)' },
    logHint: 'Ditulis ke logs/switchboard.log di folder data; langsung berlaku.',
    dataFolder: 'Folder data',
    copyPath: 'Salin jalur',
    openFolder: 'Buka folder',
    dataHint: 'Chat, media, kunci sesi, dan pengaturan aplikasi ini tersimpan di sini. Untuk pindah ke PC baru, gunakan Cadangan di bawah: salinan biasa folder ini yang diambil saat Switchboard berjalan bisa tidak konsisten.',
    startAtLogin: 'Jalankan Switchboard saat saya masuk',
    startAtLoginManual: 'Jalankan saat masuk: tambahkan Switchboard ke aplikasi startup (autostart) desktop Anda; aplikasi tidak dapat mengaturnya di sistem ini.',
    startAtLoginHeadless: 'Jalankan saat masuk adalah pengaturan aplikasi desktop: server tanpa tampilan ini berjalan sesuai cara Anda menjalankannya (layanan, tugas terjadwal).'
  }
}
