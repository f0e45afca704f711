import { Me } from "@costflow/contract/users";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { setUserData } from "../../../lib/session";

interface ProfileInput {
  first_name: string;
  last_name: string;
  email: string;
}

async function updateProfile(input: ProfileInput): Promise<Me> {
  const me = await api.put("auth/users/me/", input, { schema: Me });
  setUserData(me);
  return me;
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
