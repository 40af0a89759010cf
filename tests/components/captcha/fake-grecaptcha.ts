/** What Google's api.js puts on window, for the component tests: render() draws the checkbox, ticking it hands out `token`. */

export interface RenderParams {
  sitekey: string;
  hl?: string;
  callback: (token: string) => void;
}

/** Installs the fake on window (remove it with `removeFakeGrecaptcha`); answers the render calls it gets. */
export function installFakeGrecaptcha(token: string): RenderParams[] {
  const rendered: RenderParams[] = [];
  const grecaptcha = {
    render(container: HTMLElement, params: RenderParams) {
      rendered.push(params);
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.addEventListener('change', () => params.callback(token));
      label.append(box, "I'm not a robot");
      container.append(label);
      return rendered.length - 1;
    },
    getResponse: () => token,
    reset: () => undefined,
    execute: () => undefined,
  };
  Object.assign(window, { grecaptcha });
  return rendered;
}

export const removeFakeGrecaptcha = () => Reflect.deleteProperty(window, 'grecaptcha');
