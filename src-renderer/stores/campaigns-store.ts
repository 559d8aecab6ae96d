// Campaigns: the list (live through campaign.status / campaign.progress pushes), the campaign on screen with its
// recipients page and filter, pause/resume/cancel, the CSV export, the opt-out list, and the new-campaign wizard's
// state (kept here, so leaving the view and coming back does not lose a half-written campaign). The page and the
// campaign on screen are kept for a reload of this tab; everything shown comes from the core.
import { create } from 'zustand'
import type {
  AudienceDto,
  CampaignDto,
  CampaignSummaryDto,
  ContactListDto,
  EstimateDto,
  OptOutDto,
  PacingDto,
  PreviewSampleDto,
  RecipientState,
  RecipientsPageDto,
  ScheduleDto,
  TemplateDto
} from '../../src-preload/contract/campaigns-dto.js'
import type { BridgeEvents } from '../../src-preload/contract/events.js'
import { bridge, call } from '../lib/bridge.js'
import { guessPhoneColumn, peekCsv, type CsvPeek } from '../lib/csv-peek.js'
import type { UiError } from '../lib/errors.js'
import { t } from '../i18n/index.js'
import { runAction } from './run-action.js'
import { confirmDone } from './toasts-store.js'

export type CampaignsPage = 'list' | 'wizard' | 'detail' | 'optouts'
export const WIZARD_STEPS = ['file', 'columns', 'template', 'audience', 'schedule', 'review'] as const
export type WizardStep = (typeof WIZARD_STEPS)[number]

export interface WizardState {
  step: WizardStep
  fileName: string | null
  csv: string | null
  peek: CsvPeek | null
  phoneColumn: string | null
  variableColumns: string[]
  defaultCountry: string
  listName: string
  list: ContactListDto | null
  /** The draft campaign the wizard fills in (created at the audience check). */
  campaignId: string | null
  template: TemplateDto
  preview: PreviewSampleDto[] | null
  previewError: UiError | null
  instanceIds: string[]
  audience: AudienceDto | null
  schedule: ScheduleDto
  pacing: PacingDto
  estimate: EstimateDto | null
  estimateError: UiError | null
  name: string
  consent: boolean
  busy: boolean
  error: UiError | null
}

export const PAGE_SIZE = 50
/** Pause between two questions about a long audience check (each one waits up to 15 s in the core). */
export const AUDIENCE_POLL_MS = 1_000
/** The opt-out line a new template starts with (ticking the box again brings it back). */
export const DEFAULT_OPT_OUT_FOOTER = 'Reply STOP to opt out'
export const DEFAULT_WINDOW = { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' }
const PLACE_KEY = 'switchboard.campaigns'

const localZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

export const newWizard = (over: Partial<WizardState> = {}): WizardState => ({
  step: 'file',
  fileName: null,
  csv: null,
  peek: null,
  phoneColumn: null,
  variableColumns: [],
  defaultCountry: '',
  listName: '',
  list: null,
  campaignId: null,
  template: { text: '', footer: DEFAULT_OPT_OUT_FOOTER, mediaUrl: null },
  preview: null,
  previewError: null,
  instanceIds: [],
  audience: null,
  schedule: { startAt: null, timeZone: localZone(), window: DEFAULT_WINDOW },
  pacing: { minDelaySeconds: 20, maxDelaySeconds: 60, dailyCapPerNumber: 200, warmUp: true },
  estimate: null,
  estimateError: null,
  name: '',
  consent: false,
  busy: false,
  error: null,
  ...over
})

const readPlace = (): { page: CampaignsPage; openId: string | null } => {
  try {
    const p = JSON.parse(sessionStorage.getItem(PLACE_KEY) ?? 'null') as { page?: unknown; openId?: unknown } | null
    const openId = typeof p?.openId === 'string' ? p.openId : null
    // A half-done wizard is not restored after a reload (the file is gone); its campaign page is.
    return p?.page === 'detail' && openId ? { page: 'detail', openId } : p?.page === 'optouts' ? { page: 'optouts', openId: null } : { page: 'list', openId: null }
  } catch {
    return { page: 'list', openId: null }
  }
}
const keepPlace = (page: CampaignsPage, openId: string | null) => {
  try {
    sessionStorage.setItem(PLACE_KEY, JSON.stringify({ page, openId }))
  } catch {
    // storage refused: a reload starts on the list
  }
}

interface CampaignsState {
  page: CampaignsPage
  openId: string | null
  campaigns: CampaignSummaryDto[] | null
  detail: Record<string, CampaignDto>
  loading: boolean
  error: UiError | null
  /** The action running on the open campaign (pause, resume, cancel, export). */
  acting: string | null
  recipients: RecipientsPageDto | null
  recipientFilter: { state: RecipientState | null; search: string; offset: number }
  recipientsError: UiError | null
  optOuts: OptOutDto[] | null
  optOutsError: UiError | null
  wizard: WizardState

  showPage(page: CampaignsPage): void
  load(): Promise<void>
  open(campaignId: string): Promise<void>
  refresh(campaignId: string): Promise<void>
  act(action: 'pause' | 'resume' | 'cancel', campaignId: string): Promise<boolean>
  /** Deletes a draft, completed or cancelled campaign. */
  remove(campaignId: string): Promise<boolean>
  duplicate(campaignId: string): Promise<void>
  /** Opens a campaign of the list: a draft in the wizard, any other on its page. */
  openCampaign(campaignId: string): Promise<void>
  editDraft(campaign: CampaignDto): void
  loadRecipients(filter?: Partial<CampaignsState['recipientFilter']>): Promise<void>
  exportRecipients(): Promise<{ filename: string; csv: string } | null>
  loadOptOuts(): Promise<void>
  addOptOut(phone: string): Promise<boolean>
  removeOptOut(phone: string): Promise<boolean>
  applyStatus(e: BridgeEvents['campaign.status']): void
  applyProgress(e: BridgeEvents['campaign.progress']): void

  startWizard(): void
  setWizard(patch: Partial<WizardState>): void
  goStep(step: WizardStep): void
  readFile(fileName: string, csv: string): void
  createList(): Promise<boolean>
  previewTemplate(): Promise<void>
  checkAudience(): Promise<boolean>
  estimate(): Promise<void>
  start(): Promise<boolean>
}

export const useCampaignsStore = create<CampaignsState>()((set, get) => {
  const fail = (error: UiError) => set({ error })
  const wizardFail = (error: UiError) => set((s) => ({ wizard: { ...s.wizard, error } }))
  const patchWizard = (patch: Partial<WizardState>) => set((s) => ({ wizard: { ...s.wizard, ...patch } }))
  const keep = (dto: CampaignDto) =>
    set((s) => {
      const summary: CampaignSummaryDto = dto
      const list = s.campaigns ? (s.campaigns.some((c) => c.id === dto.id) ? s.campaigns.map((c) => (c.id === dto.id ? summary : c)) : [summary, ...s.campaigns]) : s.campaigns
      return { detail: { ...s.detail, [dto.id]: dto }, campaigns: list }
    })
  /** A wizard call: busy flag, error in the wizard, answer or null. */
  const wizardCall = <T>(run: () => Promise<T>): Promise<T | null> => {
    patchWizard({ busy: true, error: null })
    return runAction(run, { fail: wizardFail, settle: () => patchWizard({ busy: false }), fallback: null })
  }
  /** Progress pushes come in bursts: one reload of the open campaign per burst. */
  let refreshTimer: ReturnType<typeof setTimeout> | undefined
  const refreshSoon = (campaignId: string) => {
    clearTimeout(refreshTimer)
    refreshTimer = setTimeout(() => {
      if (get().openId !== campaignId || get().page !== 'detail') return
      void get().refresh(campaignId)
      void get().loadRecipients()
    }, 300)
  }

  return {
    ...readPlace(),
    campaigns: null,
    detail: {},
    loading: false,
    error: null,
    acting: null,
    recipients: null,
    recipientFilter: { state: null, search: '', offset: 0 },
    recipientsError: null,
    optOuts: null,
    optOutsError: null,
    wizard: newWizard(),

    showPage(page) {
      set({ page, ...(page === 'list' || page === 'optouts' ? { openId: null } : {}) })
      keepPlace(page, get().openId)
    },
    async load() {
      set({ loading: true })
      await runAction(async () => set({ campaigns: await call(bridge().campaigns.list()), error: null }), { fail, settle: () => set({ loading: false }) })
    },
    async open(campaignId) {
      set({ page: 'detail', openId: campaignId, recipients: null, recipientFilter: { state: null, search: '', offset: 0 }, recipientsError: null })
      keepPlace('detail', campaignId)
      await Promise.all([get().refresh(campaignId), get().loadRecipients()])
    },
    refresh: (campaignId) => runAction(async () => keep(await call(bridge().campaigns.get({ campaignId }))), { fail }),
    async act(action, campaignId) {
      set({ acting: action, error: null })
      return runAction(
        async () => {
          const dto = await call(bridge().campaigns[action]({ campaignId }))
          keep(dto)
          confirmDone(`${dto.name}: ${action === 'pause' ? 'paused' : action === 'resume' ? 'resumed' : 'cancelled'}`)
          return true
        },
        { fail, settle: () => set({ acting: null }), fallback: false }
      )
    },
    async remove(campaignId) {
      const name = get().campaigns?.find((c) => c.id === campaignId)?.name ?? campaignId
      return runAction(
        async () => {
          await call(bridge().campaigns.delete({ campaignId }))
          set((s) => {
            const { [campaignId]: _gone, ...detail } = s.detail
            return { campaigns: s.campaigns?.filter((c) => c.id !== campaignId) ?? null, detail }
          })
          confirmDone(`${name} deleted`)
          return true
        },
        { fail, fallback: false }
      )
    },
    async duplicate(campaignId) {
      set({ acting: 'duplicate', error: null })
      const copy = await runAction(() => call(bridge().campaigns.duplicate({ campaignId })), { fail, settle: () => set({ acting: null }), fallback: null })
      if (copy) get().editDraft(copy)
    },
    async openCampaign(campaignId) {
      const c = get().campaigns?.find((x) => x.id === campaignId)
      if (c?.status !== 'draft') return get().open(campaignId)
      const draft = await runAction(() => call(bridge().campaigns.get({ campaignId })), { fail, fallback: null })
      if (draft) get().editDraft(draft)
    },
    editDraft(c) {
      keep(c)
      // Same list, message, instances, window and pacing: the wizard opens on the message; consent is asked again.
      const list: ContactListDto = { id: c.listId, name: c.listName, contacts: c.total, duplicatesMerged: 0, rejected: [], rejectedCount: 0, variables: c.listVariables, createdAt: c.createdAt }
      set({ page: 'wizard', openId: null, wizard: newWizard({ step: 'template', campaignId: c.id, list, listName: c.listName, template: { ...c.template }, instanceIds: [...c.instanceIds], schedule: { ...c.schedule }, pacing: { ...c.pacing }, name: c.name }) })
      keepPlace('wizard', null)
    },
    async loadRecipients(filter) {
      const campaignId = get().openId
      if (!campaignId) return
      const f = { ...get().recipientFilter, ...filter }
      set({ recipientFilter: f })
      await runAction(
        async () => {
          const page = await call(
            bridge().campaigns.recipients({ campaignId, limit: PAGE_SIZE, offset: f.offset, ...(f.state ? { state: f.state } : {}), ...(f.search.trim() ? { search: f.search.trim() } : {}) })
          )
          // An answer for a campaign no longer on screen is dropped.
          if (get().openId === campaignId) set({ recipients: page, recipientsError: null })
        },
        { fail: (recipientsError) => set({ recipientsError }) }
      )
    },
    async exportRecipients() {
      const campaignId = get().openId
      if (!campaignId) return null
      set({ acting: 'export' })
      return runAction(() => call(bridge().campaigns.exportRecipients({ campaignId })), { fail: (recipientsError) => set({ recipientsError }), settle: () => set({ acting: null }), fallback: null })
    },
    loadOptOuts: () => runAction(async () => set({ optOuts: await call(bridge().campaigns.optOuts()), optOutsError: null }), { fail: (optOutsError) => set({ optOutsError }) }),
    addOptOut: (phone) =>
      runAction(
        async () => {
          set({ optOuts: await call(bridge().campaigns.addOptOut({ phone })), optOutsError: null })
          confirmDone(t('uiWords.toast.optOutAdded', { phone }))
          return true
        },
        { fail: (optOutsError) => set({ optOutsError }), fallback: false }
      ),
    removeOptOut: (phone) =>
      runAction(
        async () => {
          set({ optOuts: await call(bridge().campaigns.removeOptOut({ phone })), optOutsError: null })
          confirmDone(t('uiWords.toast.optOutRemoved', { phone }))
          return true
        },
        { fail: (optOutsError) => set({ optOutsError }), fallback: false }
      ),
    applyStatus(e) {
      set((s) => ({
        campaigns: s.campaigns?.map((c) => (c.id === e.campaignId ? { ...c, status: e.status, pause: e.pause } : c)) ?? null,
        detail: s.detail[e.campaignId] ? { ...s.detail, [e.campaignId]: { ...s.detail[e.campaignId]!, status: e.status, pause: e.pause } } : s.detail
      }))
      // A campaign this list has not seen (started in another tab or through the API).
      if (get().campaigns && !get().campaigns!.some((c) => c.id === e.campaignId)) void get().load()
      refreshSoon(e.campaignId)
    },
    applyProgress(e) {
      set((s) => ({
        campaigns: s.campaigns?.map((c) => (c.id === e.campaignId ? { ...c, total: e.total, counts: e.counts } : c)) ?? null,
        detail: s.detail[e.campaignId] ? { ...s.detail, [e.campaignId]: { ...s.detail[e.campaignId]!, total: e.total, counts: e.counts } } : s.detail
      }))
      refreshSoon(e.campaignId)
    },

    startWizard() {
      set({ page: 'wizard', openId: null, wizard: newWizard() })
      keepPlace('wizard', null)
    },
    setWizard: patchWizard,
    goStep: (step) => patchWizard({ step, error: null }),
    readFile(fileName, csv) {
      const peek = peekCsv(csv)
      if (!peek.columns.length) return patchWizard({ fileName, csv: null, peek: null, error: { code: 'empty_csv', message: t('localized.csv.noHeader', { file: fileName }), recommendation: t('localized.csv.noHeaderHint') } })
      const phoneColumn = guessPhoneColumn(peek.columns) ?? null
      patchWizard({
        fileName,
        csv,
        peek,
        phoneColumn,
        variableColumns: peek.columns.filter((c) => c !== phoneColumn),
        listName: fileName.replace(/\.[^.]+$/, ''),
        list: null,
        error: null,
        step: 'columns'
      })
    },
    async createList() {
      const w = get().wizard
      if (!w.csv || !w.phoneColumn) return false
      const list = await wizardCall(() =>
        call(bridge().campaigns.createList({ name: w.listName.trim() || t('localized.campaigns.defaultList'), csv: w.csv!, phoneColumn: w.phoneColumn!, variableColumns: w.variableColumns.filter((c) => c !== w.phoneColumn), ...(w.defaultCountry ? { defaultCountry: w.defaultCountry } : {}) }))
      )
      if (!list) return false
      patchWizard({ list, audience: null, estimate: null, preview: null, name: w.name || list.name })
      return true
    },
    async previewTemplate() {
      const { list, template } = get().wizard
      if (!list || !template.text.trim()) return patchWizard({ preview: null, previewError: null })
      await runAction(
        async () => {
          const preview = await call(bridge().campaigns.preview({ listId: list.id, template: withoutBytes(template), limit: 3 }))
          // A slower answer for an older text is dropped.
          if (get().wizard.template === template) patchWizard({ preview, previewError: null })
        },
        { fail: (previewError) => get().wizard.template === template && patchWizard({ previewError }) }
      )
    },
    async checkAudience() {
      const draft = await saveDraft()
      if (!draft) return false
      const audience = await wizardCall(() => call(bridge().campaigns.checkAudience({ campaignId: draft.id })))
      if (audience) patchWizard({ audience })
      if (audience?.checking) followAudience(draft.id)
      return audience !== null
    },
    async estimate() {
      const { campaignId, schedule, pacing } = get().wizard
      if (!campaignId) return
      await runAction(
        async () => {
          const estimate = await call(bridge().campaigns.estimate({ campaignId, schedule, pacing }))
          const w = get().wizard
          // A slower answer for older settings is dropped.
          if (w.schedule === schedule && w.pacing === pacing) patchWizard({ estimate, estimateError: null })
        },
        { fail: (estimateError) => patchWizard({ estimate: null, estimateError }) }
      )
    },
    async start() {
      const w = get().wizard
      if (!w.consent) return false
      // Everything as on screen now (the message may have changed after the audience check), then start.
      const draft = await saveDraft(true)
      if (!draft) return false
      const dto = await wizardCall(() => call(bridge().campaigns.start({ campaignId: draft.id, name: draftName(get().wizard), consent: true })))
      if (!dto) return false
      keep(dto)
      confirmDone(t(dto.status === 'scheduled' ? 'uiWords.toast.scheduled' : 'uiWords.toast.started', { name: dto.name }))
      set({ wizard: newWizard() })
      await get().open(dto.id)
      return true
    }
  }

  /**
   * A long check (the policy allows so many checks a minute): ask again (each call waits a while for the same run)
   * until the counts are in, as long as this wizard is on this draft.
   */
  function followAudience(campaignId: string): void {
    setTimeout(() => {
      if (get().page !== 'wizard' || get().wizard.campaignId !== campaignId) return
      void runAction(
        async () => {
          const audience = await call(bridge().campaigns.checkAudience({ campaignId }))
          if (get().wizard.campaignId !== campaignId) return
          patchWizard({ audience })
          if (audience.checking) followAudience(campaignId)
        },
        { fail: wizardFail }
      )
    }, AUDIENCE_POLL_MS)
  }

  /** Creates the wizard's draft or brings it up to date (with the schedule and pacing too when `full`). */
  async function saveDraft(full = false): Promise<CampaignDto | null> {
    const w = get().wizard
    if (!w.list || !w.instanceIds.length) return null
    const draft = await wizardCall(() =>
      call(
        bridge().campaigns.saveDraft({
          ...(w.campaignId ? { campaignId: w.campaignId } : {}),
          name: draftName(w),
          listId: w.list!.id,
          instanceIds: w.instanceIds,
          template: w.template,
          ...(full ? { schedule: w.schedule, pacing: w.pacing } : {})
        })
      )
    )
    if (draft) patchWizard({ campaignId: draft.id })
    // The core keeps an uploaded file with the draft: later saves send it back without its bytes (it stays).
    if (draft?.template.mediaFile && get().wizard.template.mediaFile?.data) patchWizard({ template: { ...get().wizard.template, mediaFile: draft.template.mediaFile } })
    return draft
  }
})

/** A template without an uploaded file's bytes (the preview renders only the text). */
const withoutBytes = (t: TemplateDto): TemplateDto => (t.mediaFile?.data ? { ...t, mediaFile: { filename: t.mediaFile.filename, mimetype: t.mediaFile.mimetype, bytes: t.mediaFile.bytes } } : t)

const draftName = (w: WizardState): string => w.name.trim() || w.list?.name || t('localized.campaigns.defaultCampaign')
