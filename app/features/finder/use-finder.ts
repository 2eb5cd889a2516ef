import { useMutation, useQuery } from '@tanstack/react-query';
import type { FinderAnswersInput, FinderResult } from '../../../contracts/finder.ts';
import { api } from '../../lib/api-client.ts';
import { useAuth } from '../account/index.ts';

/** The quiz's recommendations for a set of answers (asked on submit, never on each click). */
export function useRecommendations() {
  return useMutation({
    mutationFn: (answers: FinderAnswersInput) => api<FinderResult>('/finder/recommendations', { method: 'POST', body: answers }),
  });
}

/** What a signed-in shopper answered before (their profile's preferences and birth sign), to start the quiz from. */
export function useSavedAnswers() {
  const signedIn = useAuth((state) => Boolean(state.user));
  return useQuery({
    queryKey: ['finder-answers'],
    queryFn: async () => (await api<{ answers: FinderAnswersInput | null }>('/profile/finder-answers')).answers,
    enabled: signedIn,
    staleTime: Infinity,
  });
}

export function useSaveAnswers() {
  return useMutation({
    mutationFn: (answers: FinderAnswersInput) => api<{ message: string }>('/profile/finder-answers', { method: 'PUT', body: answers }),
  });
}
