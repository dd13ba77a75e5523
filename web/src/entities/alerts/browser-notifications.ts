/** The browser's Notification API as alerts use it; read on each use (tests replace the global). */
export interface NotificationApi {
  /** 'unsupported' where the browser has no Notification API. */
  readonly permission: NotificationPermission | 'unsupported';
  requestPermission(): Promise<NotificationPermission | 'unsupported'>;
  show(title: string, options: { body: string; tag: string }): void;
}

const api = (): typeof Notification | undefined => (typeof window !== 'undefined' && 'Notification' in window ? window.Notification : undefined);

export const browserNotifications: NotificationApi = {
  get permission() {
    return api()?.permission ?? 'unsupported';
  },
  requestPermission: async () => (await api()?.requestPermission()) ?? 'unsupported',
  show: (title, options) => {
    const Api = api();
    if (Api) new Api(title, options);
  },
};
