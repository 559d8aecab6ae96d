// Campaigns (issue 19 item 10): the list with progress bars, the new-campaign wizard, a campaign's page (funnel,
// sends per hour, pause reason, actions, recipients) and the opt-out list. Which page is on screen lives in the
// campaigns store (kept for a reload of the tab); the data always comes from the core.
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppStore } from '../../stores/app-store.js'
import { useCampaignsStore } from '../../stores/campaigns-store.js'
import { CampaignDetail } from './CampaignDetail.js'
import { CampaignList } from './CampaignList.js'
import { OptOutList } from './OptOutList.js'
import { Wizard } from './Wizard.js'
import './campaigns.css'

export function CampaignsView() {
  const { t } = useTranslation()
  const page = useCampaignsStore((s) => s.page)
  const openId = useCampaignsStore((s) => s.openId)
  const showPage = useCampaignsStore((s) => s.showPage)
  const startWizard = useCampaignsStore((s) => s.startWizard)
  const reconnects = useAppStore((s) => s.reconnects)
  useEffect(() => {
    const s = useCampaignsStore.getState()
    void s.load()
    // A reload of the tab (or the core back after an outage) on a campaign's page: its data again.
    if (s.page === 'detail' && s.openId) void s.open(s.openId)
  }, [reconnects])

  return (
    <section aria-labelledby="campaigns-title" className="view view-campaigns">
      <header className="view-header">
        <h1 id="campaigns-title">{t('campaigns.title')}</h1>
        <div className="row campaign-pages" role="group" aria-label={t('campaigns.pages')}>
          <button type="button" aria-pressed={page === 'list' || page === 'detail'} onClick={() => showPage('list')}>
            {t('campaigns.all')}
          </button>
          <button type="button" aria-pressed={page === 'optouts'} onClick={() => showPage('optouts')}>
            {t('campaigns.optOutList')}
          </button>
          {page !== 'wizard' ? (
            <button type="button" className="primary" onClick={startWizard}>
              {t('campaigns.new')}
            </button>
          ) : null}
        </div>
      </header>
      {page === 'list' ? <CampaignList /> : null}
      {page === 'wizard' ? <Wizard /> : null}
      {page === 'detail' && openId ? <CampaignDetail campaignId={openId} /> : null}
      {page === 'optouts' ? <OptOutList /> : null}
    </section>
  )
}
