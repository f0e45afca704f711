import { z } from "zod";

const required = "common:validation.required";
const email = z.string().trim().min(1, required).email("common:validation.email");
const password = z.string().min(1, required).min(8, "common:validation.passwordLength");

export const loginSchema = z.object({ email, password: z.string().min(1, required) });

export const registerSchema = z
  .object({
    first_name: z.string().trim().min(1, required),
    last_name: z.string().trim().min(1, required),
    email,
    company_name: z.string().trim().min(1, required),
    password,
    confirm: z.string().min(1, required),
    terms: z.boolean(),
  })
  .refine((v) => v.password === v.confirm, {
    path: ["confirm"],
    message: "common:validation.passwordsDiffer",
  })
  .refine((v) => v.terms, { path: ["terms"], message: "auth:register.acceptTermsRequired" });

export const companySignupSchema = z
  .object({
    company_name: z.string().trim().min(1, required),
    country: z.string().trim().min(1, required),
    industry: z.string().min(1, required),
    employees: z.string().min(1, required),
    first_name: z.string().trim().min(1, required),
    last_name: z.string().trim().min(1, required),
    email,
    password,
    confirm: z.string().min(1, required),
  })
  .refine((v) => v.password === v.confirm, {
    path: ["confirm"],
    message: "common:validation.passwordsDiffer",
  });

export const forgotSchema = z.object({ email });

export const resetSchema = z
  .object({ new_password: password, confirm: z.string().min(1, required) })
  .refine((v) => v.new_password === v.confirm, {
    path: ["confirm"],
    message: "common:validation.passwordsDiffer",
  });
