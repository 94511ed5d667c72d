/** True for a string shaped like a UUID: ids from a URL are checked before they reach the API. */
export const isUuid = (value: string): boolean => /^[0-9a-f-]{36}$/i.test(value);
