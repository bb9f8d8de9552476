import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { endpointList, extensionList } from '../../shared/endpoints/index.js';
import { buildOpenApi } from '../../shared/openapi.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the generated document is walked by hand; each step is asserted
type Json = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'delete'];

test('buildOpenApi(endpointList) has the 80 spec operations and the extensions, with unique operationIds', () => {
  const doc = buildOpenApi(endpointList) as Json;
  const operations = Object.values(doc.paths as Json).flatMap((item: Json) =>
    Object.entries(item).filter(([m]) => METHODS.includes(m)).map(([, op]) => op as Json),
  );
  assert.equal(operations.length, 80 + extensionList.length);
  const ids = operations.map((op) => op.operationId);
  assert.equal(new Set(ids).size, operations.length);
  for (const op of operations) {
    assert.ok(op.responses['200'], op.operationId);
    if (op.operationId !== 'Auth_login' && op.operationId !== 'Setup_status') assert.ok(op['x-roles'].length > 0, op.operationId);
  }
});

test('every request and JSON response schema converts to JSON Schema without placeholders', () => {
  for (const e of endpointList) {
    for (const [part, schema] of [['params', e.params], ['query', e.query], ['body', e.body]] as const) {
      if (!schema) continue;
      assert.doesNotThrow(() => z.toJSONSchema(schema, { io: 'input' }), `${e.name} ${part}`);
    }
    if ((e.responseKind?.kind ?? 'json') === 'json') {
      assert.doesNotThrow(() => z.toJSONSchema(e.response, { io: 'output' }), `${e.name} response`);
    }
  }
});

test('the document carries the contract’s decisions', () => {
  const doc = buildOpenApi(endpointList) as Json;
  const cancel = doc.paths['/api/Orders/{salesOrderId}/cancel'].post;
  const body = cancel.requestBody.content['application/json'].schema;
  assert.deepEqual(body.required, ['receiptStatusId']);
  assert.deepEqual(body.properties.receiptStatusId.enum, [2, 3, 4]);
  assert.deepEqual(cancel['x-roles'], ['admin', 'manager']);

  const sources = doc.paths['/api/quickSale/getSources'].get.parameters as Json[];
  assert.deepEqual(sources.map((p) => [p.name, p.required, p.schema.default]), [['page', false, 1], ['pageSize', false, 20]]);
  const insurance = doc.paths['/api/quickSale/insurance-companies'].get.parameters as Json[];
  assert.deepEqual(insurance.map((p) => [p.name, p.required]), [['activeOnly', false]]);

  const pdf = doc.paths['/api/Common/invoice/pdf'].post.responses['200'].content;
  assert.deepEqual(Object.keys(pdf), ['application/pdf']);
  const logo = doc.paths['/api/quickSale/get-branch-logo/{branchId}/{fileName}'].get;
  assert.deepEqual(Object.keys(logo.responses['200'].content), ['image/png', 'image/jpeg']);
  assert.deepEqual(logo.parameters.map((p: Json) => [p.name, p.in, p.required]), [['branchId', 'path', true], ['fileName', 'path', true]]);

  const customer = doc.paths['/api/quickSale/SaveSale'].post.requestBody.content['application/json'].schema;
  const cm = customer.properties.customerModel.anyOf.find((s: Json) => s.type === 'object');
  assert.deepEqual(cm.required.sort(), ['firstName', 'lastName']);
  assert.equal(cm.properties.emailId.anyOf[0].maxLength, 255);
  // Every text field states its length (shared/contract/lengths.ts).
  const receipt = customer.properties.receiptModel.anyOf.find((s: Json) => s.type === 'object');
  const lengths = Object.fromEntries(['chequeNo', 'nameOnCard', 'bankName', 'remarks', 'chequeDateString'].map((k) => [k, receipt.properties[k].anyOf[0].maxLength]));
  assert.deepEqual(lengths, { chequeNo: 30, nameOnCard: 100, bankName: 100, remarks: 500, chequeDateString: 40 });

  const years = doc.paths['/api/Common/GetYears'].get.responses['200'].content['application/json'].schema;
  assert.deepEqual(Object.keys(years.items.properties), ['yearID', 'yearName', 'fromDate', 'toDate', 'isCurrent']);
});

test('extension operations carry x-extension with their reason; spec operations do not', () => {
  const doc = buildOpenApi(endpointList) as Json;
  for (const e of endpointList) {
    const op = doc.paths[e.path][e.method.toLowerCase()] as Json;
    if (e.extension) {
      assert.equal(op['x-extension'], e.extension, e.name);
      assert.match(op.description, /^Extension to the spec: /, e.name);
    } else {
      assert.equal('x-extension' in op, false, e.name);
    }
  }
  const card = doc.paths['/api/Common/prescription/pdf'].post;
  assert.deepEqual(Object.keys(card.responses['200'].content), ['application/pdf']);
  assert.equal(card.requestBody.content['application/json'].schema.type, 'string');
});
