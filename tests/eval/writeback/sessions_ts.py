"""Claude Code sessions in TypeScript repositories (vitest), written by hand. See kit.py for the format."""

from __future__ import annotations

from kit import Claude


def vue_pnpm() -> Claude:
    s = Claude("vue_pnpm", "/home/dev/src/core", "2026-10-22T10:00:00.000")
    s.hook("SessionStart", "picasso hook claude session-start")
    s.user(
        "defineModel with a `get` transform doesn't update when the parent prop changes (packages/runtime-core). Add a failing test first, then fix."
    )
    s.bash(
        "npm install",
        'npm error code EUNSUPPORTEDPROTOCOL\nnpm error Unsupported URL Type "workspace:": workspace:*\n'
        "npm error A complete log of this run can be found in: /home/dev/.npm/_logs/2026-10-22T10_00_14_123Z-debug-0.log",
        1,
    )
    s.say("npm can't resolve the `workspace:` protocol. Let me try installing with legacy peer deps.")
    s.interrupt()
    s.user(
        "no, we use pnpm not npm. it's a pnpm workspace — never run npm install in this repo, and delete any package-lock.json you created"
    )
    s.bash(
        "rm -f package-lock.json && pnpm install",
        "Scope: all 27 workspace projects\nLockfile is up to date, resolution step is skipped\n"
        "Packages: +812\nDone in 9.8s",
    )
    s.read(
        "packages/runtime-core/src/helpers/useModel.ts",
        "export function useModel(\n  props: Record<string, any>,\n  name: string,\n"
        "  options: DefineModelOptions = EMPTY_OBJ,\n): Ref {\n  const i = getCurrentInstance()!\n  const res = customRef((track, trigger) => {\n"
        "    let localValue: any\n    watchSyncEffect(() => {\n      const propValue = props[name]\n      if (hasChanged(localValue, propValue)) {\n"
        "        localValue = propValue\n        trigger()\n      }\n    })",
    )
    s.edit(
        "packages/runtime-core/__tests__/helpers/useModel.spec.ts",
        "  test('with get transform', () => {",
        "  test('get transform re-runs when parent prop changes', async () => {\n    // ...\n  })\n\n  test('with get transform', () => {",
    )
    s.bash(
        "pnpm test packages/runtime-core/__tests__/helpers/useModel.spec.ts --run",
        " ❯ packages/runtime-core/__tests__/helpers/useModel.spec.ts (24 tests | 1 failed) 61ms\n"
        "   × useModel > get transform re-runs when parent prop changes 9ms\n     → expected 'FOO' to be 'BAR'\n"
        " Test Files  1 failed (1)\n      Tests  1 failed | 23 passed (24)",
        1,
    )
    s.edit(
        "packages/runtime-core/src/helpers/useModel.ts",
        "      if (hasChanged(localValue, propValue)) {",
        "      if (hasChanged(localValue, propValue) || options.get) {",
    )
    s.bash(
        "pnpm test packages/runtime-core/__tests__/helpers/useModel.spec.ts --run",
        " ✓ packages/runtime-core/__tests__/helpers/useModel.spec.ts (24 tests) 58ms\n Test Files  1 passed (1)\n      Tests  24 passed (24)",
    )
    s.bash("pnpm check", "> vue@3.5.22 check /home/dev/src/core\n> tsc --incremental --noEmit\n")
    s.done(
        "Fixed `useModel` so a `get` transform re-runs when the parent prop changes, with a regression test. `pnpm test` for the spec and `pnpm check` pass. Removed the stray package-lock.json."
    )
    s.stop_hook()
    return s


def trpc_import_type() -> Claude:
    s = Claude("trpc_import_type", "/home/dev/src/trpc", "2026-10-23T17:20:00.000")
    s.user(
        "Add an `onError` option to the fetch adapter's createContext error path in packages/server/src/adapters/fetch. Keep it small."
    )
    s.read(
        "packages/server/src/adapters/fetch/types.ts",
        "import { AnyRouter, inferRouterContext } from '../../core';\n"
        "import { HTTPBaseHandlerOptions } from '../../http';\n\nexport type FetchCreateContextFnOptions = {\n  req: Request;\n  resHeaders: Headers;\n};",
    )
    s.edit(
        "packages/server/src/adapters/fetch/types.ts",
        "import { HTTPBaseHandlerOptions } from '../../http';",
        "import { HTTPBaseHandlerOptions } from '../../http';\nimport { TRPCError } from '../../error/TRPCError';",
    )
    s.bash(
        "pnpm lint --filter @trpc/server",
        "/home/dev/src/trpc/packages/server/src/adapters/fetch/types.ts\n"
        "  1:1  error  All imports in the declaration are only used as types. Use `import type`  @typescript-eslint/consistent-type-imports\n"
        "  3:1  error  All imports in the declaration are only used as types. Use `import type`  @typescript-eslint/consistent-type-imports\n\n"
        "✖ 2 problems (2 errors, 0 warnings)\n  2 errors and 0 warnings potentially fixable with the `--fix` option.",
        1,
    )
    s.user(
        "Yeah — always use `import type` for type-only imports, the lint rule enforces it. Run `pnpm lint --fix` if you need to."
    )
    s.bash("pnpm lint --filter @trpc/server --fix", "")
    s.bash(
        "pnpm vitest run packages/server/src/adapters/fetch",
        " ✓ packages/server/src/adapters/fetch/fetchRequestHandler.test.ts (18 tests) 402ms\n"
        " Test Files  1 passed (1)\n      Tests  18 passed (18)",
    )
    s.done(
        "Added `onError` for createContext failures in the fetch adapter; type-only imports now use `import type`, lint is clean and the adapter tests pass."
    )
    return s


def calcom_no_db_mock() -> Claude:
    s = Claude("calcom_no_db_mock", "/home/dev/src/cal.com", "2026-10-24T12:00:00.000")
    s.user(
        "getBusyTimes returns bookings from cancelled event types. Write a test for packages/core/getBusyTimes.ts and fix it."
    )
    s.read(
        "packages/core/getBusyTimes.ts",
        "const bookings = await prisma.booking.findMany({\n  where: {\n    userId,\n"
        "    startTime: { lte: endTime },\n    endTime: { gte: startTime },\n    status: { in: [BookingStatus.ACCEPTED] },\n  },\n});",
    )
    s.write(
        "packages/core/getBusyTimes.test.ts",
        'import { describe, expect, it, vi } from "vitest";\n\n'
        'vi.mock("@calcom/prisma", () => ({ default: { booking: { findMany: vi.fn() } } }));\n',
    )
    s.user(
        "don't mock the database in these tests. We use prismock (see tests/libs/__mocks__/prisma.ts) so queries actually run against the in-memory schema. Mocked findMany calls can't catch a wrong where clause, which is exactly this bug."
    )
    s.say("Got it. I'll rewrite the test to seed bookings through prismock and let the real query run.")
    s.write(
        "packages/core/getBusyTimes.test.ts",
        'import prismock from "../../tests/libs/__mocks__/prisma";\nimport { describe, expect, it } from "vitest";\n'
        'import { getBusyTimes } from "./getBusyTimes";\n\ndescribe("getBusyTimes", () => {\n  it("ignores bookings of cancelled event types", async () => {\n'
        "    await prismock.booking.create({ data: { /* ... */ } });\n  });\n});\n",
    )
    s.bash(
        "TZ=UTC yarn vitest run packages/core/getBusyTimes.test.ts",
        " ❯ packages/core/getBusyTimes.test.ts (1 test | 1 failed)\n   × getBusyTimes > ignores bookings of cancelled event types\n"
        "     → expected [ { id: 2, … } ] to have a length of +0 but got 1\n Test Files  1 failed (1)",
        1,
    )
    s.edit(
        "packages/core/getBusyTimes.ts",
        "    status: { in: [BookingStatus.ACCEPTED] },",
        "    status: { in: [BookingStatus.ACCEPTED] },\n    eventType: { is: { hidden: false } },",
    )
    s.bash(
        "TZ=UTC yarn vitest run packages/core/getBusyTimes.test.ts",
        " ✓ packages/core/getBusyTimes.test.ts (1 test) 88ms\n Test Files  1 passed (1)",
    )
    s.bash(
        "yarn type-check:ci --filter=@calcom/core",
        "• Packages in scope: @calcom/core\n Tasks:    1 successful, 1 total",
    )
    s.done("Fixed the where clause in `getBusyTimes` and added a prismock-backed test (no mocked prisma).")
    return s
