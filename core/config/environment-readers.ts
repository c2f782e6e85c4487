/**
 * Small readers that turn one raw environment string into a typed value or a message saying what is wrong.
 * They never touch `process.env` themselves: the configuration module hands them the variables it was given.
 */
export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

export type Environment = Readonly<Record<string, string | undefined>>;

export class EnvironmentReader {
  readonly problems: string[] = [];

  constructor(private readonly environment: Environment) {}

  /** A value is "set" only when it has non-blank text: `FOO=` in a .env file means "use the default". */
  raw(name: string): string | undefined {
    const value = this.environment[name]?.trim();
    return value ? value : undefined;
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  optionalString(name: string): string | undefined {
    return this.raw(name);
  }

  integer(name: string, fallback: number, range: { min: number; max: number }): number {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < range.min || value > range.max) {
      this.problems.push(`${name} must be a whole number from ${range.min} to ${range.max} (got "${raw}")`);
      return fallback;
    }
    return value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const raw = this.raw(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    this.problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  }

  oneOf<const Choice extends string>(name: string, choices: readonly Choice[], fallback: Choice): Choice {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    if ((choices as readonly string[]).includes(raw)) return raw as Choice;
    this.problems.push(`${name} must be one of ${choices.join(', ')} (got "${raw}")`);
    return fallback;
  }

  url(name: string, fallback: string, protocols: readonly string[]): string {
    return this.checkUrl(name, this.raw(name) ?? fallback, protocols) ?? fallback;
  }

  optionalUrl(name: string, protocols: readonly string[]): string | undefined {
    const raw = this.raw(name);
    return raw === undefined ? undefined : this.checkUrl(name, raw, protocols);
  }

  private checkUrl(name: string, raw: string, protocols: readonly string[]): string | undefined {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      this.problems.push(`${name} must be a URL (got "${raw}")`);
      return undefined;
    }
    if (!protocols.includes(parsed.protocol)) {
      this.problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
      return undefined;
    }
    // Keep the caller's spelling (a trailing slash matters to some SDKs) minus any trailing slash noise.
    return raw.replace(/\/+$/, '');
  }
}
