// Entry point of the hosted checkout page (bundled by scripts/build.ts into assets/app-*.js).
import { CheckoutApp } from './checkout-app.ts';

const main = document.getElementById('main');
if (main) new CheckoutApp(main).start();
