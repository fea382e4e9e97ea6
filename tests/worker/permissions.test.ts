import { describe, expect, it } from 'vitest'
import {
  isRole,
  parsePermission,
  permits,
  readersOf,
  rolesFor,
} from '../../worker/appwrite-edge/auth/permissions'
import type { Caller } from '../../worker/appwrite-edge/auth/caller'

// The one permission grammar of the embedded backend (auth/permissions.ts), checked against the
// roles of Appwrite's permission docs and utopia-php/database's Roles validator.
const key36 = 'a'.repeat(36)

describe('roles', () => {
  it.each([
    'any',
    'guests',
    'users',
    'users/verified',
    'users/unverified',
    'user:5c1f88b42259e',
    'user:5c1f88b42259e/verified',
    'user:5c1f88b42259e/unverified',
    'user:a.b-c_d',
    `user:${key36}`,
    'team:5c1f88b42259e',
    'team:5c1f88b42259e/owner',
    'team:user/admin',
    `team:t/${key36}`,
    'member:5c1f88b42259e',
    'label:vip',
    'label:Premium2',
    `label:${key36}`,
  ])('accepts %s', (role) => expect(isRole(role)).toBe(true))

  it.each([
    '',
    '*',
    'role:all',
    'any:x',
    'any/verified',
    'guests/verified',
    'users:x',
    'users/admin',
    'user',
    'user:',
    'user:abc/admin',
    'user:abc/verified/x',
    'user:_abc',
    'user:-abc',
    'user:.abc',
    `user:${key36}x`,
    'user:a b',
    'user:abc:def',
    'team',
    'team:',
    'team:t1/',
    'team:t1/_owner',
    'team:t1/a/b',
    `team:t1/${key36}x`,
    'member:m1/owner',
    'member:',
    'label:',
    'label:vip-1',
    'label:a.b',
    'label:a/b',
    `label:${key36}x`,
    'Any',
    ' any',
  ])('refuses %j', (role) => expect(isRole(role)).toBe(false))
})

describe('permission strings', () => {
  it('parses action("role") and nothing else', () => {
    expect(parsePermission('read("any")')).toEqual({ action: 'read', role: 'any' })
    expect(parsePermission('write("team:t/owner")')).toEqual({
      action: 'write',
      role: 'team:t/owner',
    })
    for (const bad of ['read(any)', 'read("any") ', 'READ("any")', 'read("a"b")', 'read"any"'])
      expect(parsePermission(bad)).toBeUndefined()
  })

  it('grants create, update and delete with write, but never read', () => {
    const perms = ['read("any")', 'write("user:a")', 'update("team:t")', 'bogus("user:b")']
    expect(rolesFor(perms, 'read')).toEqual(['any'])
    expect(rolesFor(perms, 'create')).toEqual(['user:a'])
    expect(rolesFor(perms, 'update')).toEqual(['user:a', 'team:t'])
    expect(rolesFor(perms, 'delete')).toEqual(['user:a'])
  })

  it("applies the container's permission, or the item's with item security", () => {
    const user: Caller = { kind: 'guest', roles: ['any', 'users', 'user:a'] }
    const table = ['create("users")']
    const row = ['read("user:a")']
    expect(permits(user, 'create', table, true, row)).toBe(true)
    expect(permits(user, 'read', table, true, row)).toBe(true)
    expect(permits(user, 'read', table, false, row)).toBe(false)
    expect(permits({ kind: 'key', roles: ['any'] }, 'delete', [], false)).toBe(true)
    expect(readersOf(['read("team:t")'], true, ['read("user:a")', 'read("team:t")'])).toEqual([
      'team:t',
      'user:a',
    ])
    expect(readersOf(['read("team:t")'], false, ['read("user:a")'])).toEqual(['team:t'])
  })
})
