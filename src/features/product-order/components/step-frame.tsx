/** The flow's step frame is shared by every order flow (src/components/step-frame.tsx). */
export { StepFrame } from '../../../components/step-frame.tsx';
