// The owner maps an order event's WeChat template to its own keywords in the console (/admin/wechat):
// the template id and, beside each piece of the order, the keyword of the owner's template that
// shows it (bff/wechat/settings.py). Saved, it is what the next template message fills
// (bff/tests/wechat/test_template_messages.py sends them through the fake WeChat API).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startStack } from './stack.js';
import { TEST_TIMEOUT, adminTab, hydrated, launchBrowser } from './browser.js';

let stack;
let browser;

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('WeChat template messages in the console', { timeout: TEST_TIMEOUT }, () => {
  test("the owner maps the shipped template's keywords, a wrong one is named, the saved ones stay", async () => {
    const tab = await adminTab(browser, stack.baseUrl);
    const { page, problems } = tab;
    await page.getByRole('link', { name: '微信设置' }).click();
    const shipped = page.getByTestId('wechat-template-order_shipped');
    await shipped.waitFor();
    // The defaults, as WeChat's category templates name their keywords.
    assert.equal(await shipped.getByLabel('快递单号的关键词').inputValue(), 'character_string3');
    assert.equal(await shipped.getByLabel('订单号的关键词').inputValue(), 'character_string1');
    await shipped.getByLabel('订单已发货').fill('TPL_shipped-7');
    await shipped.getByLabel('快递公司的关键词').fill('{{thing8.DATA}}');
    await shipped.getByLabel('快递单号的关键词').fill('character string 9');
    await page.getByRole('button', { name: '保存' }).click();
    // The BFF names the field it refused, beside it.
    const tracking = shipped.getByLabel('快递单号的关键词');
    await shipped.locator('[aria-invalid="true"]').waitFor();
    assert.equal(await tracking.getAttribute('aria-invalid'), 'true');
    await tracking.fill('character_string9');
    await shipped.getByLabel('状态的关键词').fill('');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('微信设置已保存').waitFor();
    await page.reload({ waitUntil: 'load' });
    await hydrated(page);
    const again = page.getByTestId('wechat-template-order_shipped');
    await again.waitFor();
    assert.equal(await again.getByLabel('订单已发货').inputValue(), 'TPL_shipped-7');
    assert.equal(await again.getByLabel('快递公司的关键词').inputValue(), 'thing8');
    assert.equal(await again.getByLabel('快递单号的关键词').inputValue(), 'character_string9');
    assert.equal(await again.getByLabel('状态的关键词').inputValue(), '');
    // Another event's mapping is untouched.
    const paid = page.getByTestId('wechat-template-order_paid');
    assert.equal(await paid.getByLabel('状态的关键词').inputValue(), 'phrase4');
    // The refused save's 422 is a console error of the browser's own (a failed request): nothing else.
    assert.deepEqual(
      problems.filter((p) => !/status of 422/.test(p)),
      [],
    );
    await tab.close();
  });
});
