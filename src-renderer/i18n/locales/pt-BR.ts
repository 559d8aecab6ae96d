// Português (Brasil). Same keys as en.ts (typed: a missing key is a compile error, and a test checks it too).
import type { Messages } from './en.js'

export const ptBR: Messages = {
  app: { skip: 'Pular para o conteúdo' },
  common: { loading: 'Carregando…', save: 'Salvar', cancel: 'Cancelar', edit: 'Editar', delete: 'Excluir' },
  nav: {
    sections: 'Seções',
    instances: 'Instâncias',
    pairing: 'Conexão',
    chats: 'Conversas',
    campaigns: 'Campanhas',
    policies: 'Políticas',
    webhooks: 'Webhooks',
    api: 'API',
    sandbox: 'Sandbox',
    settings: 'Configurações'
  },
  topbar: {
    sandboxTitle: 'Rede de WhatsApp simulada: nenhuma conta real',
    connection: { open: 'Conectado', connecting: 'Conectando…', closed: 'Desconectado: reconectando' },
    apiPlan: 'API {{url}} · plano {{plan}}',
    plan: { free: 'gratuito', paid: 'pago' },
    theme: 'Tema',
    themeSystem: 'Tema do sistema',
    themeLight: 'Claro',
    themeDark: 'Escuro'
  },
  banner: {
    downTitle: 'O Switchboard não está acessível.',
    downText: 'A página se reconecta sozinha; até lá, o que você vê pode estar desatualizado e as ações não são concluídas. Se o Switchboard foi encerrado, inicie-o novamente.'
  },
  status: { STOPPED: 'Parada', STARTING: 'Iniciando', SCAN_QR_CODE: 'Aguardando leitura', WORKING: 'Funcionando', FAILED: 'Falhou', DELETED: 'Excluída' },
  picker: {
    instance: 'Instância',
    createFirst: 'Crie uma instância primeiro',
    deleted: '{{name}} ({{id}}) foi excluída.',
    deletedNow: '{{name}} ({{id}}) foi excluída; mostrando agora {{now}}.',
    unread: '{{n}} não lidas',
    unreadElsewhere: '{{n}} não lidas em outras instâncias'
  },
  format: { noLimit: 'Sem limite' },
  failure: {
    qr_timeout: 'ninguém leu o QR code a tempo',
    retries_exhausted: 'não conseguiu conectar após várias tentativas (a rede caiu?)',
    proxy_unreachable: 'não conseguiu conectar pelo proxy (o servidor proxy está rodando?)',
    conflict: 'a conta foi aberta em outro lugar repetidas vezes',
    forbidden: 'a rede recusou a conta',
    banned: 'a rede baniu a conta',
    unknown: 'motivo desconhecido'
  },
  instances: {
    loading: 'Carregando instâncias…',
    none: 'Nenhuma instância ainda. Crie uma para conectar uma conta de WhatsApp.',
    quota: '{{used}} de {{limit}} em uso (plano {{plan}})',
    quotaUnlimited: '{{used}} em uso (ilimitado no plano {{plan}})',
    quotaFull: 'A cota de instâncias do plano acabou: exclua uma instância de que não precisa mais ou escolha o plano pago em Configurações.'
  },
  card: {
    label: 'Instância {{name}}',
    state: {
      WORKING: 'Conectada: enviando e recebendo',
      STARTING: 'Conectando…',
      SCAN_QR_CODE: 'Não conectada: aguardando a leitura por um celular',
      STOPPED: 'Parada: não envia nem recebe',
      FAILED: 'A conexão falhou: não envia nem recebe',
      DELETED: 'Excluída'
    },
    newChatsAllowed: 'Novas conversas permitidas',
    today: 'Hoje',
    sent: 'enviadas',
    received: 'recebidas',
    waiting: 'aguardando',
    failed: 'com falha',
    lastActivity: 'Última atividade {{when}}',
    noMessages: 'Nenhuma mensagem ainda',
    openChats: 'Abrir conversas',
    openChatsUnread: 'Abrir conversas ({{n}} não lidas)',
    number: 'Número',
    notPaired: 'Não conectada',
    instanceId: 'ID da instância',
    pushName: 'Nome de exibição',
    server: 'Servidor',
    policy: 'Política',
    proxy: 'Proxy',
    proxyTitle: 'A conexão do WhatsApp e as mídias passam por este proxy; uma mudança vale a partir do próximo reinício',
    proxyUser: 'usuário {{user}}',
    proxyUserPassword: 'usuário {{user}}, senha definida',
    failedNote: 'A conexão falhou: {{reason}}. Inicie de novo ou desconecte e conecte outra vez.',
    unpaired: 'Desconectada: {{why}}.',
    start: 'Iniciar',
    stop: 'Parar',
    restart: 'Reiniciar',
    logout: 'Desconectar',
    doing: { start: 'Iniciando…', stop: 'Parando…', restart: 'Reiniciando…', logout: 'Desconectando…', delete: 'Excluindo…' },
    notSent_one: '{{count}} mensagem em espera não foi enviada.',
    notSent_other: '{{count}} mensagens em espera não foram enviadas.',
    confirm: {
      logoutTitle: 'Desconectar {{name}}?',
      logoutBody: 'O celular remove este aparelho conectado. Para usar a instância de novo, conecte-a com uma nova leitura ou um código.',
      deleteTitle: 'Excluir {{name}}?',
      deleteBody: 'Isto não pode ser desfeito: a conexão, as configurações e os dados são apagados e o ID da instância deixa de funcionar.',
      restartTitle: 'Reiniciar {{name}}?',
      restartUnknown: 'As mensagens ainda na fila de envio, se houver, não serão enviadas.',
      restartWaiting_one: '{{count}} mensagem em espera não será enviada.',
      restartWaiting_other: '{{count}} mensagens em espera não serão enviadas.',
      restartAfter: 'Elas ficam marcadas como “Não enviada” nas conversas, onde Reenviar manda de novo como uma nova mensagem. A conexão cai por um instante.'
    }
  },
  chats: {
    choose: 'Escolha uma conversa para ler e responder.',
    search: 'Buscar conversas',
    searchPlaceholder: 'Nome, número ou mensagem',
    loading: 'Carregando conversas…',
    noMatch: 'Nenhuma conversa encontrada.',
    none: 'Nenhuma conversa ainda.',
    more: 'Mostrar mais conversas',
    you: 'Você: ',
    unread: '{{n}} não lidas'
  },
  thread: { messages: 'Mensagens', older: 'Carregar mensagens anteriores', loading: 'Carregando mensagens…' },
  message: { resent: 'Reenviada', resend: 'Reenviar', resendThis: 'Reenviar esta mensagem' },
  composer: {
    form: 'Escreva uma mensagem',
    message: 'Mensagem',
    caption: 'Legenda (opcional)',
    attach: 'Anexar',
    attachFile: 'Anexar um arquivo',
    remove: 'Remover o anexo',
    removeNamed: 'Remover o anexo {{name}}',
    send: 'Enviar',
    sending: 'Enviando…',
    tooBig: 'Só é possível enviar arquivos de até 16 MiB'
  },
  state: {
    connecting: '{{name}} está conectando: você poderá enviar assim que conectar.',
    unpaired: '{{name}} não está conectada a um celular{{why}}: nenhuma mensagem é enviada ou recebida até que esteja.',
    pair: 'Conectar um celular',
    failed: '{{name}} falhou ({{why}}): nenhuma mensagem é enviada ou recebida até que volte a funcionar.',
    stopped: '{{name}} está parada: nenhuma mensagem é enviada ou recebida até que volte a funcionar.',
    start: 'Iniciar',
    starting: 'Iniciando…'
  },
  notify: {
    title: 'Notificações',
    off: ' (desativadas)',
    group: 'Avisos de novas mensagens',
    turnOn: 'Ativar notificações',
    blocked: 'As notificações desta página estão bloqueadas nas configurações do site no navegador.',
    thisNumber: 'Notificar para este número',
    sound: 'Som'
  },
  contact: { name: 'Dar nome a este contato', label: 'Nome neste PC', hint: 'Deixe vazio para usar o nome que o WhatsApp conhece.' },
  replies: {
    title: 'Respostas rápidas',
    intro: 'Digite / e o atalho na caixa de mensagem de uma conversa para inserir uma. Elas valem para todos os números desta conta.',
    none: 'Nenhuma resposta rápida ainda.',
    noneStarts: 'Nenhuma resposta rápida começa com /{{query}}.',
    whereToAdd: 'Adicione em Configurações › Respostas rápidas.',
    editNamed: 'Editar /{{shortcut}}',
    deleteNamed: 'Excluir /{{shortcut}}',
    addForm: 'Adicionar uma resposta rápida',
    shortcut: 'Atalho',
    shortcutExample: 'horario',
    reply: 'Resposta',
    replyExample: 'Abrimos das 9h às 18h, de segunda a sábado.',
    add: 'Adicionar resposta',
    saveChanges: 'Salvar alterações'
  },
  newChat: {
    button: 'Nova conversa',
    form: 'Nova conversa',
    phone: 'Número de telefone',
    enterNumber: 'Digite o número, p. ex. +55 11 91234 5678',
    checking: 'Verificando…',
    checkingNamed: 'Verificando {{number}}…',
    message: 'Enviar mensagem para {{number}}',
    start: 'Iniciar conversa',
    notOnWhatsApp: '{{number}} não está no WhatsApp: as mensagens para ele não podem ser entregues.'
  },
  found: {
    label: 'Mensagens encontradas',
    title: 'Mensagens',
    none: 'Nenhuma mensagem contém “{{query}}”.',
    more: 'Mostrando as {{n}} mais recentes; adicione uma palavra para refinar a busca.'
  },
  plan: {
    title: 'Plano',
    intro: 'O Switchboard imita os planos do serviço hospedado, para que suas ferramentas recebam as mesmas respostas. As mudanças valem na hora.',
    yourPlan: 'Seu plano',
    name: { free: 'Gratuito', paid: 'Pago' },
    unlocks: 'O que o {{plan}} libera',
    yours: ' (o seu)',
    quotaForm: 'Cota do plano {{plan}}',
    quotaLabel: 'Instâncias por conta no {{plan}}',
    quotaBad: 'Um número inteiro de instâncias, ou ilimitado (unlimited).',
    quotaHelp: 'Um número, ou ilimitado (unlimited).'
  },
  devices: {
    title: 'Navegadores',
    intro: 'Um navegador aberto com um link de uso único continua com acesso, mesmo depois que o Switchboard reinicia, até você desconectá-lo aqui.',
    none: 'Nenhum navegador tem acesso: esta janela é o app de desktop, que não precisa de link.',
    thisBrowser: ' · este navegador',
    seen: 'acesso liberado em {{created}} · visto por último em {{seen}}',
    signOutThis: 'Desconectar este navegador',
    signOut: 'Desconectar',
    signOutOthers: 'Desconectar os outros navegadores',
    thisSignedOut: 'Este navegador',
    signedOut: '{{label}} foi desconectado.',
    othersOne: 'Um outro navegador foi desconectado.',
    othersMany: '{{n}} outros navegadores foram desconectados.'
  },
  pairing: {
    inactive: 'Esta instância está {{state}}. Inicie-a: um QR code aparece em poucos segundos.',
    failedState: 'com falha ({{why}})',
    stoppedState: 'parada',
    startInstance: 'Iniciar instância',
    stillStarting: 'Ainda iniciando: o QR code aparece em alguns segundos. Os códigos de conexão podem ser pedidos assim que ele aparecer.',
    pairedWith: 'Conectada a',
    logoutFirst: '. Para conectar outro celular, desconecte esta instância primeiro.'
  },
  views: { policies: 'Políticas de limite de envio', sandboxPhones: 'Celulares do sandbox' },
  settings: { loading: 'Carregando configurações…' },
  language: {
    title: 'Idioma',
    label: 'Idioma',
    system: 'Do sistema ({{name}})',
    hint: 'Datas, horários e números também o seguem. As mensagens dos clientes e as palavras de descadastro nunca são traduzidas.'
  },
  general: {
    title: 'Logs, dados e inicialização',
    logLevel: 'Nível de log',
    level: { error: 'Só erros', warn: 'Avisos e erros', info: 'Normal (info)', debug: 'Detalhado (debug)' },
    logHint: 'Gravado em logs/switchboard.log na pasta de dados; vale na hora.',
    dataFolder: 'Pasta de dados',
    copyPath: 'Copiar caminho',
    openFolder: 'Abrir pasta',
    dataHint: 'Suas conversas, mídias, chaves de sessão e as configurações deste app ficam aqui. Para mudar de PC, use o Backup abaixo: uma cópia simples desta pasta feita com o Switchboard rodando pode ficar inconsistente.',
    startAtLogin: 'Iniciar o Switchboard quando eu entrar no computador',
    startAtLoginManual: 'Iniciar com o sistema: adicione o Switchboard aos aplicativos de inicialização (autostart) da sua área de trabalho; o app não consegue definir isso neste sistema.',
    startAtLoginHeadless: 'Iniciar com o sistema é uma configuração do app de desktop: este servidor sem interface inicia do jeito que você o inicia (um serviço, uma tarefa agendada).'
  }
}
