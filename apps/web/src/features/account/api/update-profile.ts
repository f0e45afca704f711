import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { Me } from "../../../lib/api-types";
import { setUserData } from "../../../lib/session";

interface ProfileInput {
  first_name: string;
  last_name: string;
  email: string;
}

async function updateProfile(input: ProfileInput): Promise<Me> {
  const me = await api.put<Me>("auth/users/me/", input);
  setUserData(me);
  return me;
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
