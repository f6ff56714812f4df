// A stand-in for Stripe.js (https://js.stripe.com), which cannot load here. It implements the public
// API the web app uses through @stripe/stripe-js and @stripe/react-stripe-js — Stripe(), elements(),
// create('card'), mount, on('change'), confirmCardPayment — and confirms payments against the local
// stand-in of Stripe's HTTP API, which plays Stripe's test cards. The browser test answers the
// script's URL with this source (page.route).

/** The script's source, confirming against the Stripe stand-in at `apiUrl`. */
export function fakeStripeJs(apiUrl: string): string {
  return `(() => {
  const API = ${JSON.stringify(apiUrl)};
  function luhn(d) { let s = 0; for (let i = 0; i < d.length; i++) { let n = +d[d.length - 1 - i]; if (i % 2) { n *= 2; if (n > 9) n -= 9; } s += n; } return d.length >= 12 && s % 10 === 0; }
  function brandOf(d) { return d.startsWith('4') ? 'visa' : /^5[1-5]/.test(d) ? 'mastercard' : d.startsWith('3') ? 'amex' : 'unknown'; }
  function createCard(options) {
    const handlers = {};
    const state = { number: '', expiry: '', cvc: '' };
    let root = null;
    const emit = (event, payload) => (handlers[event] || []).forEach((h) => h(payload));
    const input = (label, placeholder, key, size) => {
      const el = document.createElement('input');
      el.setAttribute('aria-label', label);
      el.placeholder = placeholder;
      el.inputMode = 'numeric';
      el.size = size;
      el.style.cssText = 'border:0;outline:0;font:inherit;background:transparent;color:inherit;margin-right:8px';
      el.addEventListener('input', () => { state[key] = el.value; changed(); });
      el.addEventListener('focus', () => emit('focus', { elementType: 'card' }));
      el.addEventListener('blur', () => emit('blur', { elementType: 'card' }));
      return el;
    };
    const changed = () => {
      const digits = state.number.replace(/\\D/g, '');
      const numberOk = luhn(digits);
      const expiryOk = /^\\s*(0[1-9]|1[0-2])\\s*\\/\\s*\\d{2}\\s*$/.test(state.expiry);
      const cvcOk = /^\\d{3,4}$/.test(state.cvc.trim());
      const empty = !digits && !state.expiry && !state.cvc;
      const error = digits.length >= 16 && !numberOk ? { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' } : undefined;
      emit('change', { elementType: 'card', empty, complete: numberOk && expiryOk && cvcOk, error, brand: brandOf(digits), value: {} });
    };
    const element = {
      _state: state,
      mount(target) {
        root = typeof target === 'string' ? document.querySelector(target) : target;
        const box = document.createElement('div');
        box.setAttribute('data-fake-stripe', 'card');
        box.style.cssText = 'display:flex;flex-wrap:wrap;gap:4px';
        box.append(input('Card number', '1234 1234 1234 1234', 'number', 19), input('Expiry', 'MM / YY', 'expiry', 7), input('CVC', 'CVC', 'cvc', 4));
        root.append(box);
        setTimeout(() => emit('ready', { elementType: 'card' }), 0);
      },
      on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); return element; },
      off(event, handler) { handlers[event] = (handlers[event] || []).filter((h) => h !== handler); return element; },
      once(event, handler) { const w = (p) => { element.off(event, w); handler(p); }; return element.on(event, w); },
      update() {}, focus() {}, blur() {}, clear() { state.number = state.expiry = state.cvc = ''; },
      unmount() { if (root) root.innerHTML = ''; },
      destroy() { element.unmount(); },
    };
    return element;
  }
  window.Stripe = function Stripe(publishableKey) {
    const created = {};
    return {
      _registerWrapper() {}, registerAppInfo() {},
      // react-stripe-js checks these exist before accepting the object as a Stripe instance.
      createToken() { return Promise.resolve({ error: { type: 'api_error', message: 'Not supported by the stand-in' } }); },
      createPaymentMethod() { return Promise.resolve({ error: { type: 'api_error', message: 'Not supported by the stand-in' } }); },
      elements() {
        return {
          create(type, options) { const el = createCard(options); created[type] = el; return el; },
          // Like Stripe.js, accepts react-stripe-js's components (they carry __elementType) as well as names.
          getElement(type) { return created[typeof type === 'string' ? type : type && type.__elementType] || null; },
          update() {}, fetchUpdates() { return Promise.resolve({}); }, submit() { return Promise.resolve({}); },
        };
      },
      async confirmCardPayment(clientSecret, data) {
        const card = data && data.payment_method && data.payment_method.card;
        const state = (card && card._state) || { number: '', expiry: '', cvc: '' };
        const id = clientSecret.split('_secret_')[0];
        const response = await fetch(API + '/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', {
          method: 'POST',
          headers: { Authorization: 'Bearer ' + publishableKey, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ client_secret: clientSecret, 'payment_method_data[type]': 'card', 'payment_method_data[card][number]': state.number.replace(/\\D/g, ''), 'payment_method_data[card][exp]': state.expiry, 'payment_method_data[card][cvc]': state.cvc }).toString(),
        });
        const body = await response.json();
        if (!response.ok || body.error) return { error: body.error || { type: 'api_error', message: 'Payment failed' } };
        return { paymentIntent: body };
      },
    };
  };
  window.Stripe.version = 'endive';
})();`;
}
