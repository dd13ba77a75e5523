/** The Strategies screen of an ordinary user (route `/strategies`, wired in the route table). */
export { StrategiesScreen } from './pages/strategies-screen';
