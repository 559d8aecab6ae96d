// Chooses the instance a view works on (pairing, chats, policies, webhooks); remembers it in the app store.
import { useEffect } from 'react'
import { useAppStore } from '../stores/app-store.js'
import { useInstancesStore } from '../stores/instances-store.js'
import { StatusBadge } from './StatusBadge.js'

export function InstancePicker() {
  const overview = useInstancesStore((s) => s.overview)
  const load = useInstancesStore((s) => s.load)
  const instanceId = useAppStore((s) => s.instanceId)
  const select = useAppStore((s) => s.selectInstance)
  useEffect(() => {
    if (!overview) void load()
  }, [overview, load])
  const instances = overview?.instances ?? []
  useEffect(() => {
    if (instances.length && !instances.some((i) => i.id === instanceId)) select(instances[0]!.id)
  }, [instances, instanceId, select])
  if (!overview) return null
  if (!instances.length) return <p className="muted">Create an instance first (Instances view).</p>
  const current = instances.find((i) => i.id === instanceId)
  return (
    <div className="picker row">
      <label htmlFor="instance-picker">Instance</label>
      <select id="instance-picker" value={instanceId ?? ''} onChange={(e) => select(e.target.value)}>
        {instances.map((i) => (
          <option key={i.id} value={i.id}>
            {i.name} ({i.id})
          </option>
        ))}
      </select>
      {current ? <StatusBadge status={current.status} /> : null}
    </div>
  )
}
