// Every group operation, seen from the admin who does it and the member who is told, in PN and LID addressing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { proto } from '@whiskeysockets/baileys'
import { openPairedSandbox, TestClient, textOf, waitFor } from './testing/test-client.js'

const Stub = proto.WebMessageInfo.StubType

for (const mode of ['pn', 'lid'] as const) {
  describe.sequential(`sandbox groups (${mode} addressing)`, () => {
    let ctx: Awaited<ReturnType<typeof openPairedSandbox>>
    let C: TestClient
    const Cjid = '15550000003@s.whatsapp.net'
    let gid = ''
    const stubSeen = (who: TestClient, type: number) =>
      waitFor(() => who.ev('messages.upsert', (v) => v.messages.some((m) => m.key.remoteJid === gid && m.messageStubType === type)).length, 5000, `stub ${type}`)

    beforeAll(async () => {
      ctx = await openPairedSandbox({ groupAddressingMode: mode })
      await ctx.net.createPhone({ phoneNumber: '15550000003', name: 'Carol' })
      C = new TestClient(ctx.net, 'C')
      await C.pairByQr('15550000003')
    })
    afterAll(async () => {
      C?.stop()
      await ctx?.close()
    })

    it('create: members get groups.upsert; metadata carries the addressing mode and both identities', async () => {
      const g = await ctx.A.sock.groupCreate('Project', [ctx.Bjid])
      gid = g.id
      expect(g.addressingMode).toBe(mode)
      await waitFor(() => ctx.B.ev('groups.upsert', (v) => v.some((x) => x.id === gid)).length, 5000, 'upsert')
      const meta = await ctx.B.sock.groupMetadata(gid)
      expect(meta.participants).toHaveLength(2)
      const owner = meta.participants.find((p) => p.admin === 'superadmin')!
      if (mode === 'lid') {
        expect(owner.id).toMatch(/@lid$/)
        expect(owner.phoneNumber).toBe(ctx.Ajid)
      } else {
        expect(owner.id).toBe(ctx.Ajid)
        expect(owner.lid).toMatch(/@lid$/)
      }
    })

    it('text in the group decrypts for every member (sender keys)', async () => {
      const m = await ctx.A.sock.sendMessage(gid, { text: `hello ${mode} group` })
      await waitFor(() => ctx.B.ev('messages.upsert', (v) => v.messages.some((x) => x.key.id === m!.key.id && textOf(x) === `hello ${mode} group`)).length, 8000, 'B got it')
    })

    it('subject and description', async () => {
      await ctx.A.sock.groupUpdateSubject(gid, 'Project X')
      await ctx.A.sock.groupUpdateDescription(gid, 'All about X')
      const meta = await ctx.B.sock.groupMetadata(gid)
      expect(meta.subject).toBe('Project X')
      expect(meta.desc).toBe('All about X')
      await stubSeen(ctx.B, Stub.GROUP_CHANGE_SUBJECT)
      await stubSeen(ctx.B, Stub.GROUP_CHANGE_DESCRIPTION)
    })

    it('add, promote, demote and remove participants; unknown numbers get a per-participant error', async () => {
      const added = await ctx.A.sock.groupParticipantsUpdate(gid, [Cjid, '15559990000@s.whatsapp.net'], 'add')
      expect(added.map((r) => r.status).sort()).toEqual(['200', '404'])
      await waitFor(() => C.ev('messages.upsert', (v) => v.messages.some((m) => m.key.remoteJid === gid && m.messageStubType === Stub.GROUP_PARTICIPANT_ADD)).length, 5000, 'C told')
      await ctx.A.sock.groupParticipantsUpdate(gid, [ctx.Bjid], 'promote')
      await stubSeen(ctx.B, Stub.GROUP_PARTICIPANT_PROMOTE)
      expect((await ctx.A.sock.groupMetadata(gid)).participants.filter((p) => p.admin).length).toBe(2)
      await ctx.A.sock.groupParticipantsUpdate(gid, [ctx.Bjid], 'demote')
      await stubSeen(ctx.B, Stub.GROUP_PARTICIPANT_DEMOTE)
      await ctx.A.sock.groupParticipantsUpdate(gid, [Cjid], 'remove')
      await waitFor(() => C.ev('messages.upsert', (v) => v.messages.some((m) => m.key.remoteJid === gid && m.messageStubType === Stub.GROUP_PARTICIPANT_REMOVE)).length, 5000, 'C told of removal')
      expect((await ctx.A.sock.groupMetadata(gid)).participants).toHaveLength(2)
    })

    it('a non-admin cannot change participants or settings', async () => {
      await expect(ctx.B.sock.groupParticipantsUpdate(gid, [Cjid], 'add')).rejects.toThrow()
      await expect(ctx.B.sock.groupSettingUpdate(gid, 'announcement')).rejects.toThrow()
    })

    it('settings: announcement and locked', async () => {
      await ctx.A.sock.groupSettingUpdate(gid, 'announcement')
      await ctx.A.sock.groupSettingUpdate(gid, 'locked')
      const meta = await ctx.B.sock.groupMetadata(gid)
      expect(meta.announce).toBe(true)
      expect(meta.restrict).toBe(true)
      await stubSeen(ctx.B, Stub.GROUP_CHANGE_ANNOUNCE)
      await stubSeen(ctx.B, Stub.GROUP_CHANGE_RESTRICT)
      // Locked: only admins edit the subject.
      await expect(ctx.B.sock.groupUpdateSubject(gid, 'hijack')).rejects.toThrow()
      await ctx.A.sock.groupSettingUpdate(gid, 'not_announcement')
      await ctx.A.sock.groupSettingUpdate(gid, 'unlocked')
      const after = await ctx.B.sock.groupMetadata(gid)
      expect([after.announce, after.restrict]).toEqual([false, false])
    })

    it('member add mode: with all_member_add a member may add (not remove); members are told; admin_add restores it', async () => {
      await ctx.A.sock.groupMemberAddMode(gid, 'all_member_add')
      await stubSeen(ctx.B, Stub.GROUP_MEMBER_ADD_MODE)
      await waitFor(() => ctx.B.ev('groups.update', (v) => v.some((u) => u.id === gid && u.memberAddMode === true)).length, 5000, 'groups.update')
      expect((await ctx.B.sock.groupMetadata(gid)).memberAddMode).toBe(true)
      const added = await ctx.B.sock.groupParticipantsUpdate(gid, [Cjid], 'add')
      expect(added.map((r) => r.status)).toEqual(['200'])
      await expect(ctx.B.sock.groupParticipantsUpdate(gid, [Cjid], 'remove')).rejects.toThrow()
      await ctx.A.sock.groupParticipantsUpdate(gid, [Cjid], 'remove')
      await ctx.A.sock.groupMemberAddMode(gid, 'admin_add')
      expect((await ctx.B.sock.groupMetadata(gid)).memberAddMode).toBe(false)
      await expect(ctx.B.sock.groupParticipantsUpdate(gid, [Cjid], 'add')).rejects.toThrow()
      // Only admins change it.
      await expect(ctx.B.sock.groupMemberAddMode(gid, 'all_member_add')).rejects.toThrow()
    })

    it('join approval mode: shown in metadata, members told; the request list is empty and acting on a request finds none', async () => {
      await ctx.A.sock.groupJoinApprovalMode(gid, 'on')
      await stubSeen(ctx.B, Stub.GROUP_MEMBERSHIP_JOIN_APPROVAL_MODE)
      await waitFor(() => ctx.B.ev('groups.update', (v) => v.some((u) => u.id === gid && u.joinApprovalMode === true)).length, 5000, 'groups.update')
      expect((await ctx.B.sock.groupMetadata(gid)).joinApprovalMode).toBe(true)
      expect(await ctx.A.sock.groupRequestParticipantsList(gid)).toEqual([])
      expect(await ctx.A.sock.groupRequestParticipantsUpdate(gid, [Cjid], 'approve')).toEqual([{ status: '404', jid: Cjid }])
      await expect(ctx.B.sock.groupRequestParticipantsList(gid)).rejects.toThrow()
      await ctx.A.sock.groupJoinApprovalMode(gid, 'off')
      expect((await ctx.B.sock.groupMetadata(gid)).joinApprovalMode).toBe(false)
    })

    it('personal (v4) invitation: an add refused by privacy yields a code; a revoked code fails; the fresh one joins', async () => {
      await C.sock.updateGroupsAddPrivacy('contacts')
      const refused = await ctx.A.sock.groupParticipantsUpdate(gid, [Cjid], 'add')
      expect(refused.map((r) => r.status)).toEqual(['403'])
      const request = (r: (typeof refused)[number]) => (r.content.content as { tag: string; attrs: Record<string, string> }[]).find((c) => c.tag === 'add_request')!.attrs
      const first = request(refused[0]!)
      const invite = (code: string, expiration: string) => ({ groupJid: gid, inviteCode: code, inviteExpiration: Number(expiration), groupName: 'Project X' })
      expect(await ctx.A.sock.groupRevokeInviteV4(gid, Cjid)).toBe(true)
      await expect(C.sock.groupAcceptInviteV4(ctx.Ajid, invite(first.code!, first.expiration!))).rejects.toThrow()
      const second = request((await ctx.A.sock.groupParticipantsUpdate(gid, [Cjid], 'add'))[0]!)
      expect(second.code).not.toBe(first.code)
      const addsBefore = ctx.B.ev('messages.upsert', (v) => v.messages.some((m) => m.key.remoteJid === gid && m.messageStubType === Stub.GROUP_PARTICIPANT_ADD)).length
      expect(await C.sock.groupAcceptInviteV4(ctx.Ajid, invite(second.code!, second.expiration!))).toBe(gid)
      expect((await ctx.A.sock.groupMetadata(gid)).participants).toHaveLength(3)
      await waitFor(
        () => ctx.B.ev('messages.upsert', (v) => v.messages.some((m) => m.key.remoteJid === gid && m.messageStubType === Stub.GROUP_PARTICIPANT_ADD)).length > addsBefore,
        5000,
        'members told of the join'
      )
      // The code is spent.
      await expect(C.sock.groupAcceptInviteV4(ctx.Ajid, invite(second.code!, second.expiration!))).rejects.toThrow()
      await ctx.A.sock.groupParticipantsUpdate(gid, [Cjid], 'remove')
      await C.sock.updateGroupsAddPrivacy('all')
    })

    it('invite code: get, info, join, revoke (old code stops working)', async () => {
      const code = await ctx.A.sock.groupInviteCode(gid)
      expect(code).toBeTruthy()
      expect(await ctx.A.sock.groupInviteCode(gid)).toBe(code)
      const info = await C.sock.groupGetInviteInfo(code!)
      expect(info.subject).toBe('Project X')
      const joined = await C.sock.groupAcceptInvite(code!)
      expect(joined).toBe(gid)
      expect((await ctx.A.sock.groupMetadata(gid)).participants).toHaveLength(3)
      const fresh = await ctx.A.sock.groupRevokeInvite(gid)
      expect(fresh).not.toBe(code)
      await expect(C.sock.groupGetInviteInfo(code!)).rejects.toThrow()
    })

    it('leave: the others see the member go; the group is gone from the leaver\'s list', async () => {
      await C.sock.groupLeave(gid)
      await waitFor(() => ctx.A.ev('messages.upsert', (v) => v.messages.some((m) => m.key.remoteJid === gid && m.messageStubType === Stub.GROUP_PARTICIPANT_LEAVE)).length, 5000, 'leave stub')
      expect(Object.keys(await C.sock.groupFetchAllParticipating())).not.toContain(gid)
      expect(Object.keys(await ctx.B.sock.groupFetchAllParticipating())).toContain(gid)
    })

    it('stanza inventory: no iq went unhandled', () => {
      expect(ctx.net.stanzaInventory().unhandled).toEqual([])
    })

    it('the person behind a phone can write to the group', async () => {
      const { id } = await ctx.net.sendText('15550000002', gid, 'Bob from his phone')
      await waitFor(() => ctx.A.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === id && textOf(m) === 'Bob from his phone')).length, 8000, 'A got it')
    })

    it('a member who hides their number: LID groups name them by LID alone until they show it again', async () => {
      ctx.net.setPhoneSettings('15550000003', { hide_number: true })
      const g = await ctx.A.sock.groupCreate('Private', [ctx.Bjid, Cjid])
      await waitFor(() => C.ev('groups.upsert', (v) => v.some((x) => x.id === g.id)).length, 5000, 'C upsert')
      const carol = (await ctx.B.sock.groupMetadata(g.id)).participants.find((p) => p.id === ctx.net.getPhone('15550000003')!.lid || p.id === Cjid)!
      const hidden = await C.sock.sendMessage(g.id, { text: 'who am I' })
      const got = await waitFor(() => ctx.B.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === hidden!.key.id))[0], 8000, 'B got it')
      const seen = got.messages.find((m) => m.key.id === hidden!.key.id)!
      if (mode === 'lid') {
        expect(carol.id).toMatch(/@lid$/)
        expect(carol.phoneNumber).toBeUndefined()
        expect(seen.key.participant).toMatch(/@lid$/)
        expect(seen.key.participantAlt).toBeUndefined()
      } else {
        // PN groups name members by number whatever their privacy: the setting concerns LID addressing.
        expect(carol.id).toBe(Cjid)
      }
      ctx.net.setPhoneSettings('15550000003', { hide_number: false })
      const shown = await C.sock.sendMessage(g.id, { text: 'it is Carol' })
      const again = await waitFor(() => ctx.B.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === shown!.key.id))[0], 8000, 'B got it')
      const key = again.messages.find((m) => m.key.id === shown!.key.id)!.key
      expect(mode === 'lid' ? key.participantAlt : key.participant).toBe(Cjid)
    })
  })
}
