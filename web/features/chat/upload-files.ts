// The files of messages whose upload has not finished, while the page lives: a File cannot be
// stored with the outbox, so a failed upload can be retried only until the page is left.
export const uploadFiles = new Map<string, File>()

/** Whether a failed upload can still be retried (its File is still in memory). */
export const canRetryUpload = (clientId: string) => uploadFiles.has(clientId)
