import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { openDatabase } from '../../main/service/db/database.js';
import { migrations } from '../../main/service/db/migrations/index.js';

test('a new file gets every migration, WAL and foreign keys; reopening changes nothing', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pos-migrate-'));
  try {
    const file = path.join(dir, 'store.sqlite');
    const db = openDatabase(file);
    assert.equal(db.pragma('user_version', { simple: true }), migrations.length);
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(db.pragma('foreign_keys', { simple: true }), 1);
    const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((r) => r.name);
    for (const t of ['company', 'branch', 'financial_year', 'app_user', 'role', 'module', 'state']) assert.ok(tables.includes(t), t);
    assert.throws(() => db.prepare("INSERT INTO branch (id, company_id, code, name, state_id, country_id) VALUES (1, 999, 'X', 'X', 24, 1)").run(), /FOREIGN KEY/);
    db.close();
    const again = openDatabase(file);
    assert.equal(again.pragma('user_version', { simple: true }), migrations.length);
    again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a file from a newer build is refused rather than damaged', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pos-migrate-'));
  try {
    const file = path.join(dir, 'store.sqlite');
    const raw = new Database(file);
    raw.pragma(`user_version = ${migrations.length + 1}`);
    raw.close();
    assert.throws(() => openDatabase(file), /newer Optical POS/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a store written before keratometry (schema 2) gains k1/k2 and keeps its Rx rows', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pos-migrate-'));
  try {
    const file = path.join(dir, 'store.sqlite');
    const raw = new Database(file);
    for (const m of migrations.slice(0, 2)) raw.exec(m.sql);
    raw.pragma('user_version = 2');
    raw.pragma('foreign_keys = OFF');
    raw.prepare('INSERT INTO customer_eye_rx (eye_info_id, lens_type, sph) VALUES (1, 5, -125)').run();
    raw.close();
    const db = openDatabase(file);
    assert.equal(db.pragma('user_version', { simple: true }), migrations.length);
    assert.deepEqual({ ...(db.prepare('SELECT sph, k1, k2 FROM customer_eye_rx').get() as object) }, { sph: -125, k1: null, k2: null });
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
