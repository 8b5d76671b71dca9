// What a profile that has just kept this machine's time zone says: where its days start from now on,
// and how to change that (`profile add` of a new profile, or a profile's first use).

export const zoneKeptNotice = (profile: string, zone: string) =>
  `Profile ${profile} keeps the time zone ${zone} (this system's): its days start there, whatever TZ a later command runs with. ` +
  `Change it with \`practice profile add ${profile} --time-zone ZONE\`.`;
