// Building the JeecgBoot envelope (docs/spec/api-contract.md §1). Our backend always sets both
// `message` and `result` on success (the [3.x+] behaviour the contract recommends).
import { ResultCode, type Result } from "#contract/envelope";

export function ok<T>(result: T, message = "操作成功！", code: number = ResultCode.ok): Result<T> {
  return { success: true, message, code, result, timestamp: Date.now() };
}

/** A success whose original never set a code (`code: 0`), e.g. getUserPermissionByToken. */
export function okWithoutCode<T>(result: T, message = ""): Result<T> {
  return ok(result, message, ResultCode.unset);
}

/** A success whose message is also the result, like `Result.OK("添加成功！")` in [3.x+]. */
export function okMessage(message: string): Result<string> {
  return ok(message, message);
}

export function failure(message: string, code: number = ResultCode.businessError): Result<null> {
  return { success: false, message, code, result: null, timestamp: Date.now() };
}

/** A business error: answered as HTTP `httpStatus` (200 by default) with `success:false`. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number = ResultCode.businessError,
    readonly httpStatus = 200,
  ) {
    super(message);
    this.name = "ApiError";
  }
}
