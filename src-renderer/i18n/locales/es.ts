// Español. Same keys as en.ts (typed: a missing key is a compile error, and a test checks it too).
import type { Messages } from './en.js'

export const es: Messages = {
  app: { skip: 'Saltar al contenido' },
  common: { loading: 'Cargando…', save: 'Guardar', cancel: 'Cancelar', edit: 'Editar', delete: 'Eliminar' },
  nav: {
    sections: 'Secciones',
    instances: 'Instancias',
    pairing: 'Vinculación',
    chats: 'Chats',
    campaigns: 'Campañas',
    policies: 'Políticas',
    webhooks: 'Webhooks',
    api: 'API',
    sandbox: 'Sandbox',
    settings: 'Ajustes'
  },
  topbar: {
    sandboxTitle: 'Red de WhatsApp simulada: ninguna cuenta real',
    connection: { open: 'Conectado', connecting: 'Conectando…', closed: 'Desconectado: reconectando' },
    apiPlan: 'API {{url}} · plan {{plan}}',
    plan: { free: 'gratuito', paid: 'de pago' },
    theme: 'Tema',
    themeSystem: 'Tema del sistema',
    themeLight: 'Claro',
    themeDark: 'Oscuro'
  },
  banner: {
    downTitle: 'No se puede acceder a Switchboard.',
    downText: 'La página se vuelve a conectar sola; mientras tanto, lo que ves puede estar desactualizado y las acciones no se completan. Si Switchboard se detuvo, vuelve a iniciarlo.'
  },
  status: { STOPPED: 'Detenida', STARTING: 'Iniciando', SCAN_QR_CODE: 'Esperando escaneo', WORKING: 'Funcionando', FAILED: 'Con error', DELETED: 'Eliminada' },
  picker: {
    instance: 'Instancia',
    createFirst: 'Primero crea una instancia',
    deleted: '{{name}} ({{id}}) fue eliminada.',
    deletedNow: '{{name}} ({{id}}) fue eliminada; ahora se muestra {{now}}.',
    unread: '{{n}} sin leer',
    unreadElsewhere: '{{n}} sin leer en otras instancias'
  },
  format: { noLimit: 'Sin límite' },
  failure: {
    qr_timeout: 'nadie escaneó el código QR a tiempo',
    retries_exhausted: 'no pudo conectarse tras varios intentos (¿se cayó la red?)',
    proxy_unreachable: 'no pudo conectarse a través de su proxy (¿está funcionando el servidor proxy?)',
    conflict: 'la cuenta se abría una y otra vez en otro lugar',
    forbidden: 'la red rechazó la cuenta',
    banned: 'la red bloqueó la cuenta',
    unknown: 'motivo desconocido'
  },
  instances: {
    loading: 'Cargando instancias…',
    none: 'Todavía no hay instancias. Crea una para vincular una cuenta de WhatsApp.',
    quota: '{{used}} de {{limit}} en uso (plan {{plan}})',
    quotaUnlimited: '{{used}} en uso (sin límite en el plan {{plan}})',
    quotaFull: 'Se agotó la cuota de instancias del plan: elimina una instancia que ya no necesites o elige el plan de pago en Ajustes.'
  },
  card: {
    label: 'Instancia {{name}}',
    state: {
      WORKING: 'Conectada: enviando y recibiendo',
      STARTING: 'Conectando…',
      SCAN_QR_CODE: 'Sin vincular: esperando que un teléfono escanee',
      STOPPED: 'Detenida: no envía ni recibe',
      FAILED: 'La conexión falló: no envía ni recibe',
      DELETED: 'Eliminada'
    },
    newChatsAllowed: 'Se permiten chats nuevos',
    today: 'Hoy',
    sent: 'enviados',
    received: 'recibidos',
    waiting: 'en espera',
    failed: 'fallidos',
    lastActivity: 'Última actividad {{when}}',
    noMessages: 'Todavía no hay mensajes',
    openChats: 'Abrir chats',
    openChatsUnread: 'Abrir chats ({{n}} sin leer)',
    number: 'Número',
    notPaired: 'Sin vincular',
    instanceId: 'ID de instancia',
    pushName: 'Nombre visible',
    server: 'Servidor',
    policy: 'Política',
    proxy: 'Proxy',
    proxyTitle: 'La conexión de WhatsApp y los archivos pasan por este proxy; un cambio se aplica en el próximo reinicio',
    proxyUser: 'usuario {{user}}',
    proxyUserPassword: 'usuario {{user}}, contraseña configurada',
    failedNote: 'La conexión falló: {{reason}}. Vuelve a iniciarla, o cierra la sesión y vincúlala de nuevo.',
    unpaired: 'Desvinculada: {{why}}.',
    start: 'Iniciar',
    stop: 'Detener',
    restart: 'Reiniciar',
    logout: 'Cerrar sesión',
    doing: { start: 'Iniciando…', stop: 'Deteniendo…', restart: 'Reiniciando…', logout: 'Cerrando sesión…', delete: 'Eliminando…' },
    notSent_one: '{{count}} mensaje en espera no se envió.',
    notSent_other: '{{count}} mensajes en espera no se enviaron.',
    confirm: {
      logoutTitle: '¿Cerrar la sesión de {{name}}?',
      logoutBody: 'El teléfono desvincula este dispositivo. Para volver a usar la instancia, vincúlala con un nuevo escaneo o código.',
      deleteTitle: '¿Eliminar {{name}}?',
      deleteBody: 'No se puede deshacer: se borran su vinculación, sus ajustes y sus datos, y el ID de la instancia deja de funcionar.',
      restartTitle: '¿Reiniciar {{name}}?',
      restartUnknown: 'Los mensajes que aún esperan en la cola de envío, si los hay, no se enviarán.',
      restartWaiting_one: '{{count}} mensaje en espera no se enviará.',
      restartWaiting_other: '{{count}} mensajes en espera no se enviarán.',
      restartAfter: 'Quedan marcados como “No enviado” en sus chats, donde Reenviar lo manda otra vez como un mensaje nuevo. La conexión se corta un momento.'
    }
  },
  chats: {
    choose: 'Elige un chat para leer y responder.',
    search: 'Buscar chats',
    searchPlaceholder: 'Nombre, número o mensaje',
    loading: 'Cargando chats…',
    noMatch: 'Ningún chat coincide.',
    none: 'Todavía no hay chats.',
    more: 'Mostrar más chats',
    you: 'Tú: ',
    unread: '{{n}} sin leer'
  },
  thread: { messages: 'Mensajes', older: 'Cargar mensajes anteriores', loading: 'Cargando mensajes…' },
  message: { resent: 'Reenviado', resend: 'Reenviar', resendThis: 'Reenviar este mensaje' },
  composer: {
    form: 'Escribe un mensaje',
    message: 'Mensaje',
    caption: 'Pie de foto (opcional)',
    attach: 'Adjuntar',
    attachFile: 'Adjuntar un archivo',
    remove: 'Quitar el adjunto',
    removeNamed: 'Quitar el adjunto {{name}}',
    send: 'Enviar',
    sending: 'Enviando…',
    tooBig: 'Se pueden enviar archivos de hasta 16 MiB'
  },
  state: {
    connecting: '{{name}} se está conectando: podrás enviar en cuanto se conecte.',
    unpaired: '{{name}} no está vinculada a un teléfono{{why}}: no se envían ni reciben mensajes hasta que lo esté.',
    pair: 'Vincular un teléfono',
    failed: '{{name}} tiene un error ({{why}}): no se envían ni reciben mensajes hasta que vuelva a funcionar.',
    stopped: '{{name}} está detenida: no se envían ni reciben mensajes hasta que vuelva a funcionar.',
    start: 'Iniciarla',
    starting: 'Iniciando…'
  },
  notify: {
    title: 'Notificaciones',
    off: ' (desactivadas)',
    group: 'Avisos de mensajes nuevos',
    turnOn: 'Activar notificaciones',
    blocked: 'Las notificaciones de esta página están bloqueadas en la configuración del sitio del navegador.',
    thisNumber: 'Avisar para este número',
    sound: 'Sonido'
  },
  contact: { name: 'Poner nombre a este contacto', label: 'Nombre en este PC', hint: 'Déjalo vacío para usar el nombre que conoce WhatsApp.' },
  replies: {
    title: 'Respuestas rápidas',
    intro: 'Escribe / y el atajo en el cuadro de mensaje de un chat para insertar una. Se comparten entre todos los números de esta cuenta.',
    none: 'Todavía no hay respuestas rápidas.',
    noneStarts: 'Ninguna respuesta rápida empieza por /{{query}}.',
    whereToAdd: 'Añádelas en Ajustes › Respuestas rápidas.',
    editNamed: 'Editar /{{shortcut}}',
    deleteNamed: 'Eliminar /{{shortcut}}',
    addForm: 'Añadir una respuesta rápida',
    shortcut: 'Atajo',
    shortcutExample: 'horario',
    reply: 'Respuesta',
    replyExample: 'Abrimos de 9:00 a 18:00, de lunes a sábado.',
    add: 'Añadir respuesta',
    saveChanges: 'Guardar cambios'
  },
  newChat: {
    button: 'Nuevo chat',
    form: 'Nuevo chat',
    phone: 'Número de teléfono',
    enterNumber: 'Escribe el número, p. ej. +52 55 1234 5678',
    checking: 'Comprobando…',
    checkingNamed: 'Comprobando {{number}}…',
    message: 'Escribir a {{number}}',
    start: 'Iniciar chat',
    notOnWhatsApp: '{{number}} no está en WhatsApp: los mensajes a ese número no se pueden entregar.'
  },
  found: {
    label: 'Mensajes encontrados',
    title: 'Mensajes',
    none: 'Ningún mensaje contiene “{{query}}”.',
    more: 'Se muestran los {{n}} más recientes; añade una palabra para acotar la búsqueda.'
  },
  plan: {
    title: 'Plan',
    intro: 'Switchboard imita los planes del servicio alojado, para que tus herramientas reciban las mismas respuestas. Los cambios se aplican al instante.',
    yourPlan: 'Tu plan',
    name: { free: 'Gratuito', paid: 'De pago' },
    unlocks: 'Qué desbloquea {{plan}}',
    yours: ' (el tuyo)',
    quotaForm: 'Cuota del plan {{plan}}',
    quotaLabel: 'Instancias por cuenta en {{plan}}',
    quotaBad: 'Un número entero de instancias, o ilimitado (unlimited).',
    quotaHelp: 'Un número, o ilimitado (unlimited).'
  },
  devices: {
    title: 'Navegadores',
    intro: 'Un navegador abierto con un enlace de un solo uso sigue teniendo acceso, también después de reiniciar Switchboard, hasta que cierres su sesión aquí.',
    none: 'Ningún navegador tiene acceso: esta ventana es la app de escritorio, que no necesita enlace.',
    thisBrowser: ' · este navegador',
    seen: 'acceso dado el {{created}} · visto por última vez el {{seen}}',
    signOutThis: 'Cerrar la sesión de este navegador',
    signOut: 'Cerrar sesión',
    signOutOthers: 'Cerrar la sesión de los demás navegadores',
    thisSignedOut: 'Este navegador',
    signedOut: 'Se cerró la sesión de {{label}}.',
    othersOne: 'Se cerró la sesión de otro navegador.',
    othersMany: 'Se cerró la sesión de otros {{n}} navegadores.'
  },
  pairing: {
    inactive: 'Esta instancia está {{state}}. Iníciala: en unos segundos aparece un código QR.',
    failedState: 'con error ({{why}})',
    stoppedState: 'detenida',
    startInstance: 'Iniciar instancia',
    stillStarting: 'Todavía se está iniciando: el código QR aparece en unos segundos. Los códigos de vinculación se pueden pedir en cuanto aparezca.',
    pairedWith: 'Vinculada con',
    logoutFirst: '. Para vincular otro teléfono, primero cierra la sesión de esta instancia.'
  },
  views: { policies: 'Políticas de límite de envío', sandboxPhones: 'Teléfonos del sandbox' },
  settings: { loading: 'Cargando ajustes…' },
  language: {
    title: 'Idioma',
    label: 'Idioma',
    system: 'Del sistema ({{name}})',
    hint: 'Las fechas, horas y números también lo siguen. Los mensajes de los clientes y las palabras clave de baja nunca se traducen.'
  },
  general: {
    title: 'Registros, datos e inicio',
    logLevel: 'Nivel de registro',
    level: { error: 'Solo errores', warn: 'Avisos y errores', info: 'Normal (info)', debug: 'Detallado (debug)' },
    logHint: 'Se escribe en logs/switchboard.log dentro de la carpeta de datos; se aplica al instante.',
    dataFolder: 'Carpeta de datos',
    copyPath: 'Copiar ruta',
    openFolder: 'Abrir carpeta',
    dataHint: 'Aquí están tus chats, archivos, claves de sesión y los ajustes de esta app. Para pasar a otro PC, usa la Copia de seguridad de abajo: una copia simple de esta carpeta hecha con Switchboard en marcha puede quedar incoherente.',
    startAtLogin: 'Iniciar Switchboard al iniciar sesión',
    startAtLoginManual: 'Inicio automático: añade Switchboard a las aplicaciones de inicio (autostart) de tu escritorio; la app no puede configurarlo en este sistema.',
    startAtLoginHeadless: 'El inicio automático es un ajuste de la app de escritorio: este servidor sin interfaz arranca como tú lo arranques (un servicio, una tarea programada).'
  }
}
