// 学籍管理 (school-domain.md "People"): every endpoint of the people modules.
import type { Endpoint } from "../../http/endpoint";
import { classesEndpoints } from "./classes";
import { corporationCrud } from "./corporation/corporation-endpoints";
import { parentEndpoints } from "./parent/parent-endpoints";
import { studentEndpoints } from "./student/student-endpoints";
import { teacherCrud } from "./teacher/teacher-endpoints";

export const peopleEndpoints: Endpoint[] = [...corporationCrud.endpoints, ...parentEndpoints, ...studentEndpoints, ...teacherCrud.endpoints, ...classesEndpoints];
