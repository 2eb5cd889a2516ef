import { fuzzRouteGroup } from '../../tests/support/malformed-input.ts';

fuzzRouteGroup('back-office-people');
