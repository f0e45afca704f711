import { notifications } from "@mantine/notifications";

/** Toasts (3000 ms; the duration is set once on <Notifications autoClose>). */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: "teal", title, message });
}

export function notifyError(message: string, title?: string): void {
  notifications.show({ color: "red", title, message });
}
